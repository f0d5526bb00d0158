/**
 * Workspace settings and roles: defaults, a team's own allowances and cycle, who may change them,
 * viewers read only. (Inspection due and overdue by the types' cycles: visit-state.test.ts.)
 */
import {
  DEFAULT_COMPASS_ERROR_DEG,
  DEFAULT_GPS_ERROR_M,
  DEFAULT_INSPECTION_SETTINGS,
  DEFAULT_MEASURE_SETTINGS,
  findingListSchema,
  inspectionSettingsSchema,
} from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, get, send } from "./support";

const today = "2026-06-01";
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
    // The one settings object also holds the privacy switch, the measuring rules and the locate's
    // stated errors, untouched.
    expect((await get(t, viewer.cookie, "/api/workspace/settings")).json()).toEqual({
      ...settings,
      ...DEFAULT_MEASURE_SETTINGS,
      blurFaces: true,
      locateGpsErrorM: DEFAULT_GPS_ERROR_M,
      locateCompassErrorDeg: DEFAULT_COMPASS_ERROR_DEG,
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
