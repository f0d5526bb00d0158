/**
 * GET/PUT /api/workspace/settings: face blurring is on by default; owners and admins switch it,
 * audited. The same for the stated GPS and compass errors a pole's location from bearings uses.
 */
import {
  auditListSchema,
  DEFAULT_COMPASS_ERROR_DEG,
  DEFAULT_GPS_ERROR_M,
  locateSettingsSchema,
  privacySettingsSchema,
} from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";
import { createTeamWith, get } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const admin = useSignedInUser(t);
const member = useSignedInUser(t);
const loner = useSignedInUser(t);

beforeAll(async () => {
  await createTeamWith(t, owner, [
    [admin, "admin"],
    [member, "member"],
  ]);
});

const put = (who: SignedInUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/workspace/settings", headers: { cookie: who.cookie }, payload });
const settings = async (who: SignedInUser) =>
  privacySettingsSchema.parse((await get(t, who, "/api/workspace/settings")).json());

describe("workspace settings", () => {
  it("blur faces by default, in teams and personal workspaces", async () => {
    expect(await settings(member)).toEqual({ blurFaces: true });
    expect(await settings(loner)).toEqual({ blurFaces: true });
  });

  it("are switched by owners and admins, audited, and answered whole", async () => {
    const off = await put(admin, { blurFaces: false });
    expect(off.statusCode, off.body).toBe(200);
    // The whole object: the inspection programme comes with the switch.
    expect(off.json()).toMatchObject({ blurFaces: false, cycleYears: 10 });
    expect(await settings(member)).toEqual({ blurFaces: false });
    // A partial body that changes nothing answers the whole object.
    expect((await put(owner, {})).json()).toMatchObject({ blurFaces: false, cycleYears: 10 });
    expect((await put(owner, { blurFaces: true })).json()).toMatchObject({ blurFaces: true });
    const entries = auditListSchema.parse(
      (await get(t, owner, "/api/audit?action=settings.update")).json(),
    ).entries;
    expect(entries.map((e) => [e.actor_email, e.details.after])).toEqual([
      [owner.email, { blurFaces: true }],
      [admin.email, { blurFaces: false }],
    ]);
    // Another workspace's setting is its own.
    expect(await settings(loner)).toEqual({ blurFaces: true });
  });

  it("are switched by a personal workspace's owner too, audited there", async () => {
    const off = await put(loner, { blurFaces: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await settings(loner)).toEqual({ blurFaces: false });
    const entries = auditListSchema.parse(
      (await get(t, loner, "/api/audit?action=settings.update")).json(),
    ).entries;
    expect(entries.map((e) => [e.actor_email, e.target_id, e.details.before, e.details.after])).toEqual([
      [loner.email, loner.id, { blurFaces: true }, { blurFaces: false }],
    ]);
    // The team's setting is its own.
    expect(await settings(member)).toEqual({ blurFaces: true });
  });

  it("refuse members and bad bodies", async () => {
    expect((await put(member, { blurFaces: false })).statusCode).toBe(403);
    expect((await put(owner, { blurFaces: "no" })).statusCode).toBe(400);
    expect((await put(owner, { blurFaces: false, other: 1 })).statusCode).toBe(400);
    expect(await settings(member)).toEqual({ blurFaces: true });
  });

  it("hold the stated errors a pole's location is judged by: defaults, changed by owners, audited", async () => {
    const errors = async (who: SignedInUser) =>
      locateSettingsSchema.parse((await get(t, who, "/api/workspace/settings")).json());
    const defaults = {
      locateGpsErrorM: DEFAULT_GPS_ERROR_M,
      locateCompassErrorDeg: DEFAULT_COMPASS_ERROR_DEG,
    };
    expect(await errors(member)).toEqual(defaults);
    expect((await put(member, { locateGpsErrorM: 3 })).statusCode).toBe(403);
    expect((await put(owner, { locateGpsErrorM: 0 })).statusCode).toBe(400);
    expect((await put(owner, { locateCompassErrorDeg: 46 })).statusCode).toBe(400);
    const changed = await put(owner, { locateGpsErrorM: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      locateGpsErrorM: 3,
      locateCompassErrorDeg: DEFAULT_COMPASS_ERROR_DEG,
    });
    expect(await errors(member)).toEqual({ ...defaults, locateGpsErrorM: 3 });
    expect(await errors(loner)).toEqual(defaults);
    const [entry] = auditListSchema.parse(
      (await get(t, owner, "/api/audit?action=settings.update")).json(),
    ).entries;
    expect(entry?.details).toEqual({ before: defaults, after: { ...defaults, locateGpsErrorM: 3 } });
  });
});
