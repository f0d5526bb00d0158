/**
 * Workspace settings and roles: defaults, a team's own allowances and cycle, who may change them,
 * viewers read only; inspection due and overdue by the cycle; the summary's counts.
 */
import {
  DEFAULT_INSPECTION_SETTINGS,
  findingListSchema,
  inspectionSettingsSchema,
  INSPECTION_CODES,
  poleMarkersSchema,
  poleTimelineSchema,
  regionListSchema,
  summarySchema,
} from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith, setActive } from "../workspaces/support";
import { addFinding, get, resolveFinding, send } from "./support";

let today = "2026-06-01";
const t = useTestApp({}, { today: () => today });
const owner = useSignedInUser(t);
const viewer = useSignedInUser(t);
const member = useSignedInUser(t);

const settings = { ...DEFAULT_INSPECTION_SETTINGS, allowanceDays: { 1: 2, 2: 30, 3: 90 }, cycleYears: 5 };

describe("inspection settings", () => {
  it("are the defaults in a personal workspace, which cannot change them", async () => {
    const res = await get(t, owner.cookie, "/api/workspace/settings");
    expect(inspectionSettingsSchema.parse(res.json())).toEqual(DEFAULT_INSPECTION_SETTINGS);
    expect(inspectionSettingsSchema.parse(res.json()).codes.map((c) => c.code)).toContain("groundline-decay");
    const put = await send(t, owner.cookie, "PUT", "/api/workspace/settings", settings);
    expect(put.statusCode).toBe(403);
  });

  it("are a team's own: owners change them, members and viewers cannot, due dates follow", async () => {
    await createTeamWith(t, owner, [
      [viewer, "viewer"],
      [member, "member"],
    ]);

    for (const who of [viewer, member]) {
      expect((await send(t, who.cookie, "PUT", "/api/workspace/settings", settings)).statusCode).toBe(403);
    }
    const bad = await send(t, owner.cookie, "PUT", "/api/workspace/settings", { ...settings, cycleYears: 0 });
    expect(bad.statusCode).toBe(400);
    const put = await send(t, owner.cookie, "PUT", "/api/workspace/settings", settings);
    expect(put.statusCode, put.body).toBe(200);
    // The one settings object also holds the privacy switch, untouched.
    expect((await get(t, viewer.cookie, "/api/workspace/settings")).json()).toEqual({
      ...settings,
      blurFaces: true,
    });

    const photo = await placedPhoto(t, member.cookie, 50.1, 14.4, "2026-05-01");
    const f = await addFinding(t, member.cookie, photo.pole_id!, { code: "lean", level: 2 });
    expect(f).toMatchObject({ observed_on: "2026-06-01", due_on: "2026-07-01" });

    // Viewers read the findings and the summary but write nothing.
    const add = await send(t, viewer.cookie, "POST", `/api/poles/${photo.pole_id}/findings`, {
      code: "lean",
      level: 1,
    });
    expect(add.statusCode).toBe(403);
    const resolve = await send(t, viewer.cookie, "PATCH", `/api/findings/${f.id}`, {
      resolve: { action: "x" },
    });
    expect(resolve.statusCode).toBe(403);
    expect(
      findingListSchema.parse((await get(t, viewer.cookie, "/api/findings")).json()).findings,
    ).toHaveLength(1);
  });
});

describe("inspection due", () => {
  it("is current, due in the cycle's last year, overdue after; the summary counts them", async () => {
    await setActive(t, owner, null);
    today = "2026-06-01";
    const current = await placedPhoto(t, owner.cookie, 30.1, 31.2, "2020-06-02");
    const due = await placedPhoto(t, owner.cookie, 30.2, 31.2, "2017-01-01");
    const overdue = await placedPhoto(t, owner.cookie, 30.3, 31.2, "2016-06-01");
    const state = async (id: string) =>
      poleTimelineSchema.parse((await get(t, owner.cookie, `/api/poles/${id}`)).json()).pole.inspection;
    expect(await state(current.pole_id!)).toEqual({ state: "current", lastInspectedOn: "2020-06-02" });
    expect(await state(due.pole_id!)).toEqual({ state: "due", lastInspectedOn: "2017-01-01" });
    expect(await state(overdue.pole_id!)).toEqual({ state: "overdue", lastInspectedOn: "2016-06-01" });
    // The region view's markers carry the same states (the legend's 'Inspection due' view).
    for (const [photo, want] of [
      [current, "current"],
      [due, "due"],
      [overdue, "overdue"],
    ] as const) {
      const region = `31.2,${photo.latitude}`;
      const m = poleMarkersSchema.parse((await get(t, owner.cookie, `/api/poles?region=${region}`)).json());
      expect(INSPECTION_CODES[m.inspections![m.ids.indexOf(photo.pole_id!)]!]).toBe(want);
    }

    // A finding is an inspection too.
    const f = await addFinding(t, owner.cookie, overdue.pole_id!, { code: "lean", level: 1 });
    expect(await state(overdue.pole_id!)).toEqual({ state: "current", lastInspectedOn: "2026-06-01" });
    today = "2026-07-01";
    const regions = regionListSchema.parse((await get(t, owner.cookie, "/api/regions")).json()).regions;
    expect(regions.find((r) => r.id === "31.2,30.2")).toMatchObject({
      inspectionDue: { due: 1, overdue: 0 },
    });
    expect(regions.find((r) => r.id === "31.2,30.3")).toMatchObject({ overdue: 1 });

    let summary = summarySchema.parse((await get(t, owner.cookie, "/api/reports/summary")).json());
    expect(summary.levels[1]).toEqual({ open: 1, overdue: 1, resolved12m: 0 });
    expect(summary.inspection).toEqual({ current: 2, due: 1, overdue: 0 });
    expect(summary.openByMonth.at(-1)).toEqual({ month: "2026-07", 1: 1, 2: 0, 3: 0 });
    expect(summary.openByMonth.at(-3)).toEqual({ month: "2026-05", 1: 0, 2: 0, 3: 0 });
    await resolveFinding(t, owner.cookie, f.id);
    summary = summarySchema.parse(
      (await get(t, owner.cookie, "/api/reports/summary?region=31.2,30.3")).json(),
    );
    expect(summary.levels[1]).toEqual({ open: 0, overdue: 0, resolved12m: 1 });
    expect(summary.inspection).toEqual({ current: 1, due: 0, overdue: 0 });
  });
});
