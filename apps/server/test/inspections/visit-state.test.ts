/**
 * A pole's inspection state comes from its visits: per type from its last visit of that type and
 * the type's cycle, the worst over the types it has visits of; with no visit it is "no inspection
 * on record", never overdue by assumption, whatever its photos and findings say. The pole, its
 * marker, the regions list and the summary agree, and follow the workspace's types when they
 * change; a type with visits cannot be dropped.
 */
import {
  DEFAULT_INSPECTION_SETTINGS,
  INSPECTION_CODES,
  poleMarkersSchema,
  poleTimelineSchema,
  regionListSchema,
  summarySchema,
  visitTexts,
} from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, get, send } from "./support";
import { recordVisit } from "./visit-support";

let today = "2026-06-01";
const t = useTestApp({}, { today: () => today });
const owner = useSignedInUser(t);
const member = useSignedInUser(t);

async function state(poleId: string) {
  const res = await get(t, owner.cookie, `/api/poles/${poleId}`);
  expect(res.statusCode, res.body).toBe(200);
  return poleTimelineSchema.parse(res.json()).pole.inspection;
}

async function marker(poleId: string, latitude: number, longitude: number) {
  const res = await get(t, owner.cookie, `/api/poles?region=${longitude},${latitude}`);
  const m = poleMarkersSchema.parse(res.json());
  return INSPECTION_CODES[m.inspections![m.ids.indexOf(poleId)]!];
}

describe("a pole's inspection state", () => {
  it("is the worst over its types' last visits; without a visit, none on record", async () => {
    await createTeamWith(t, owner, [[member, "member"]]);
    const at = [
      [30.1, 31.2],
      [30.2, 31.2],
      [30.3, 31.2],
      [30.4, 31.2],
    ] as const;
    // Photos are old: a photo is not a visit.
    const [current, due, overdue, none] = await Promise.all(
      at.map(([lat, lon]) => placedPhoto(t, member.cookie, lat, lon, "2010-01-01")),
    );
    await recordVisit(t, member.cookie, current!.pole_id!, { type: "detailed", inspected_on: "2022-06-02" });
    await recordVisit(t, member.cookie, due!.pole_id!, { type: "detailed", inspected_on: "2021-07-01" });
    // A recent patrol does not make up for a detailed inspection past its cycle.
    await recordVisit(t, member.cookie, overdue!.pole_id!, { type: "detailed", inspected_on: "2021-06-01" });
    await recordVisit(t, member.cookie, overdue!.pole_id!, { type: "patrol", inspected_on: "2026-05-01" });
    // Nor is a finding.
    await addFinding(t, member.cookie, none!.pole_id!, { code: "lean", level: 3 });

    expect(await state(current!.pole_id!)).toMatchObject({
      state: "current",
      lastInspectedOn: "2022-06-02",
      dueOn: "2027-06-02",
    });
    expect(await state(due!.pole_id!)).toMatchObject({ state: "due", dueOn: "2026-07-01" });
    expect(await state(overdue!.pole_id!)).toMatchObject({
      state: "overdue",
      lastInspectedOn: "2026-05-01",
      dueOn: "2026-06-01",
    });
    expect(await state(none!.pole_id!)).toMatchObject({ state: "never", lastInspectedOn: null, dueOn: null });
    const poles = [current, due, overdue, none];
    const want = ["current", "due", "overdue", "never"];
    for (const [i, [lat, lon]] of at.entries()) {
      expect(await marker(poles[i]!.pole_id!, lat, lon)).toBe(want[i]);
    }

    const regions = regionListSchema.parse((await get(t, owner.cookie, "/api/regions")).json()).regions;
    const counts = (id: string) => regions.find((r) => r.id === id)?.inspectionDue;
    expect(counts("31.2,30.2")).toEqual({ due: 1, overdue: 0, never: 0 });
    expect(counts("31.2,30.3")).toEqual({ due: 0, overdue: 1, never: 0 });
    expect(counts("31.2,30.4")).toEqual({ due: 0, overdue: 0, never: 1 });
    const summary = summarySchema.parse((await get(t, owner.cookie, "/api/reports/summary")).json());
    expect(summary.inspection).toEqual({ current: 1, due: 1, overdue: 1, never: 1 });

    // Longer cycles: every pole of the workspace follows.
    const inspectionTypes = DEFAULT_INSPECTION_SETTINGS.inspectionTypes.map((ty) => ({
      ...ty,
      cycleYears: 10,
    }));
    const put = await send(t, owner.cookie, "PUT", "/api/workspace/settings", { inspectionTypes });
    expect(put.statusCode, put.body).toBe(200);
    expect(await state(overdue!.pole_id!)).toMatchObject({ state: "current", dueOn: "2031-06-01" });
    expect(await marker(overdue!.pole_id!, 30.3, 31.2)).toBe("current");
    today = "2031-06-01";
    expect(await marker(overdue!.pole_id!, 30.3, 31.2)).toBe("overdue");
    today = "2026-06-01";
  });

  it("keeps every type with visits in the settings; others can go, names can change", async () => {
    const [patrol, detailed, intrusive] = DEFAULT_INSPECTION_SETTINGS.inspectionTypes;
    const dropped = await send(t, owner.cookie, "PUT", "/api/workspace/settings", {
      inspectionTypes: [patrol, intrusive],
    });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json<{ message: string }>().message).toBe(visitTexts.typesInUse("detailed"));
    const renamed = [patrol, { ...detailed!, name: "Ground-line" }];
    const put = await send(t, owner.cookie, "PUT", "/api/workspace/settings", { inspectionTypes: renamed });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ inspectionTypes: unknown }>().inspectionTypes).toEqual(renamed);
    const twice = await send(t, owner.cookie, "PUT", "/api/workspace/settings", {
      inspectionTypes: [patrol, patrol],
    });
    expect(twice.statusCode).toBe(400);
  });
});
