/**
 * A pole's attachments over GET/POST /api/poles/:id/attachments and PATCH/DELETE
 * /api/attachments/:id: what is stored and answered, spans measured between two poles (and
 * following a move), If-Match, the audit trail, live events, viewers and other workspaces.
 */
import { attachmentConflictSchema, attachmentListSchema, auditListSchema } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { addMember, createTeam, setActive } from "../workspaces/support";
import { METRES_PER_DEGREE, patchImage, placedPhoto } from "../poles/support";
import { attach, get, send } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const viewer = useSignedInUser(t);
const stranger = useSignedInUser(t);

const list = async (cookie: string, poleId: string) => {
  const res = await get(t, cookie, `/api/poles/${poleId}/attachments`);
  expect(res.statusCode, res.body).toBe(200);
  return attachmentListSchema.parse(res.json()).attachments;
};

describe("a pole's attachments", () => {
  it("are stored, answered lowest first, edited with If-Match and removed", async () => {
    const pole = (await placedPhoto(t, owner.cookie, 45.1, 7.6)).pole_id!;
    const wire = await attach(t, owner.cookie, pole, {
      kind: "communication",
      owner: "  FiberCo ",
      height_m: 5.5,
      diameter_mm: 15,
      tension_kN: 4,
      spans: [{ bearing_deg: 90, length_m: 45 }],
    });
    expect(wire).toMatchObject({ owner: "FiberCo", version: 1, spans: [{ bearing_deg: 90, length_m: 45 }] });
    const lamp = await attach(t, owner.cookie, pole, { kind: "streetlight", height_m: 4, area_m2: 0.2 });
    expect((await list(owner.cookie, pole)).map((a) => a.id)).toEqual([lamp.id, wire.id]);

    const url = `/api/attachments/${wire.id}`;
    const moved = await send(t, owner.cookie, "PATCH", url, { height_m: 6 }, { "if-match": '"1"' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers.etag).toBe('"2"');
    // The copy of version 1 is stale now: refused with the attachment as it is.
    const stale = await send(t, owner.cookie, "PATCH", url, { height_m: 7 }, { "if-match": '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(attachmentConflictSchema.parse(stale.json()).attachment).toMatchObject({
      height_m: 6,
      version: 2,
    });
    expect((await send(t, owner.cookie, "DELETE", url, undefined, { "if-match": '"1"' })).statusCode).toBe(
      412,
    );
    expect((await send(t, owner.cookie, "DELETE", url, undefined, { "if-match": '"2"' })).statusCode).toBe(
      204,
    );
    expect((await list(owner.cookie, pole)).map((a) => a.id)).toEqual([lamp.id]);
    expect((await send(t, owner.cookie, "PATCH", url, { height_m: 7 })).statusCode).toBe(404);

    const audit = auditListSchema.parse((await get(t, owner.cookie, "/api/audit?limit=10")).json()).entries;
    const mine = audit.filter((e) => e.action.startsWith("attachment."));
    expect(mine.map((e) => e.action)).toEqual([
      "attachment.delete",
      "attachment.update",
      "attachment.create",
      "attachment.create",
    ]);
    expect(mine[1]).toMatchObject({
      target_type: "pole",
      target_id: pole,
      details: { attachment_id: wire.id, before: { height_m: 5.5 }, after: { height_m: 6 } },
    });
  });

  it("measure a span to another pole from the two positions, and follow a move", async () => {
    const a = (await placedPhoto(t, owner.cookie, 46.1, 7.6)).pole_id!;
    // 60 m due north of a.
    const northPhoto = await placedPhoto(t, owner.cookie, 46.1 + 60 / METRES_PER_DEGREE, 7.6);
    const b = northPhoto.pole_id!;
    const wire = await attach(t, owner.cookie, a, { kind: "primary", spans: [{ to_pole_id: b }] });
    const [span] = wire.spans;
    expect(span).toMatchObject({ to_pole_id: b });
    expect((span as { length_m: number }).length_m).toBeCloseTo(60, 6);
    expect((span as { bearing_deg: number }).bearing_deg).toBeCloseTo(0, 6);
    // b is located again (as locating from bearings does), 80 m due east of a: the span follows.
    const east = 7.6 + 80 / (METRES_PER_DEGREE * Math.cos((46.1 * Math.PI) / 180));
    await t.db.database.db.execute(
      sql`UPDATE utility_poles SET latitude = 46.1, longitude = ${east} WHERE id = ${b}::uuid`,
    );
    const moved = (await list(owner.cookie, a))[0]!.spans[0] as { length_m: number; bearing_deg: number };
    expect(moved.length_m).toBeCloseTo(80, 3);
    // The initial great-circle bearing to a point due east is 90° less ~0.01° at this latitude.
    expect(moved.bearing_deg).toBeCloseTo(90, 1);
  });

  it("are heard by open screens as the pole's change", async () => {
    const pole = (await placedPhoto(t, owner.cookie, 47.1, 7.6)).pole_id!;
    const events = async () => {
      const res = await t.db.database.db.execute(
        sql`SELECT type FROM workspace_events WHERE ${pole} = ANY(pole_ids) ORDER BY id`,
      );
      return (res.rows as { type: string }[]).map((r) => r.type);
    };
    const before = (await events()).length;
    const a = await attach(t, owner.cookie, pole, { kind: "guy", bearing_deg: 180, rated_kN: 50 });
    await send(t, owner.cookie, "PATCH", `/api/attachments/${a.id}`, { anchor_distance_m: 4 });
    await send(t, owner.cookie, "DELETE", `/api/attachments/${a.id}`);
    expect((await events()).slice(before)).toEqual(["pole.updated", "pole.updated", "pole.updated"]);
  });

  it("are read by viewers, written by members only, and hidden from other workspaces", async () => {
    const team = await createTeam(t, owner);
    await setActive(t, owner, team);
    const pole = (await placedPhoto(t, owner.cookie, 48.1, 7.6)).pole_id!;
    const a = await attach(t, owner.cookie, pole, { kind: "neutral", height_m: 7 });
    await addMember(t, team, owner, viewer, "viewer");
    await setActive(t, viewer, team);
    expect((await list(viewer.cookie, pole)).map((x) => x.id)).toEqual([a.id]);
    const url = `/api/attachments/${a.id}`;
    expect(
      (await send(t, viewer.cookie, "POST", `/api/poles/${pole}/attachments`, { kind: "riser" })).statusCode,
    ).toBe(403);
    expect((await send(t, viewer.cookie, "PATCH", url, { height_m: 1 })).statusCode).toBe(403);
    expect((await send(t, viewer.cookie, "DELETE", url)).statusCode).toBe(403);

    // Someone else's ids, from their own workspace: as if there were none.
    expect((await get(t, stranger.cookie, `/api/poles/${pole}/attachments`)).statusCode).toBe(404);
    const theirs = await send(t, stranger.cookie, "POST", `/api/poles/${pole}/attachments`, {
      kind: "riser",
    });
    expect(theirs.statusCode).toBe(404);
    expect((await send(t, stranger.cookie, "PATCH", url, { height_m: 1 })).statusCode).toBe(404);
    expect((await send(t, stranger.cookie, "DELETE", url)).statusCode).toBe(404);
    // …and a span from their pole to ours is refused as a pole they do not have.
    const own = (await placedPhoto(t, stranger.cookie, 48.1, 7.6)).pole_id!;
    const span = await send(t, stranger.cookie, "POST", `/api/poles/${own}/attachments`, {
      kind: "primary",
      spans: [{ to_pole_id: pole }],
    });
    expect(span.statusCode).toBe(404);
    expect(await list(owner.cookie, pole)).toHaveLength(1);
    await setActive(t, owner, null);
  });

  it("keep a photo-made pole whose last photo leaves", async () => {
    const photo = await placedPhoto(t, owner.cookie, 49.1, 7.6);
    const pole = photo.pole_id!;
    await attach(t, owner.cookie, pole, { kind: "transformer", height_m: 8, weight_kg: 400, area_m2: 0.6 });
    expect((await patchImage(t, owner.cookie, photo.id, { latitude: 49.5, longitude: 7.6 })).statusCode).toBe(
      200,
    );
    expect(await list(owner.cookie, pole)).toHaveLength(1);
  });
});
