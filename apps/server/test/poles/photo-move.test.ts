/**
 * POST /api/images/move: several photos of the workspace to one pole in one step. Each photo is
 * audited as the single move audits it, the maps hear it, photo-made poles left empty go; all or
 * nothing when an id is not the workspace's; members move, viewers are refused.
 */
import {
  MAX_MOVED_PHOTOS,
  photoMoveResponseSchema,
  photoMoveTexts,
  type ImageRecord,
} from "@poleatlas/shared";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createSignedInUser, TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { get } from "../inspections/support";
import { createTeamWith } from "../workspaces/support";
import { poleRecord } from "./import-support";
import { placedPhoto, unplacedPhoto } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const move = (who: SignedInUser, body: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/images/move",
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: body,
  });

// Each spot ~1.1 km from the last: every spot is a pole of its own.
let spot = 0;
const at = (who: SignedInUser, date?: string) => {
  const latitude = 36 + ++spot * 0.01;
  return (n = 1) =>
    Promise.all(Array.from({ length: n }, () => placedPhoto(t, who.cookie, latitude, -81.3, date)));
};

async function lastEventId(): Promise<string> {
  const res = await t.db.database.db.execute(
    sql`SELECT coalesce(max(id), 0)::text AS id FROM workspace_events`,
  );
  return (res.rows[0] as { id: string }).id;
}

const poleOf = (who: SignedInUser, poleId: string) => get(t, who.cookie, `/api/poles/${poleId}`);
const ids = (photos: ImageRecord[]) => photos.map((p) => p.id);

describe("moving several photos to one pole", () => {
  it("moves them in one step, audits each, tells the maps and removes the poles left empty", async () => {
    const onA = await at(owner)(2);
    const [onB] = await at(owner)(1);
    const [target] = await at(owner)(1);
    const [poleA, poleB, to] = [onA[0]!.pole_id!, onB!.pole_id!, target!.pole_id!];
    expect(new Set([poleA, poleB, to]).size).toBe(3);
    const since = await lastEventId();

    const res = await move(owner, { image_ids: [...ids(onA), onB!.id], pole_id: to });
    expect(res.statusCode, res.body).toBe(200);
    const answer = photoMoveResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ pole_id: to, moved: 3 });
    expect(answer.removed_poles.sort()).toEqual([poleA, poleB].sort());
    expect(answer.images.map((i) => [i.id, i.pole_id, i.version])).toEqual(
      [...onA, onB!].map((p) => [p.id, to, p.version + 1]),
    );

    const record = await poleRecord(t, owner, to);
    expect(record.images.map((i) => i.id).sort()).toEqual([target!.id, ...ids(onA), onB!.id].sort());
    expect(record.pole.photo_count).toBe(4);
    expect((await poleOf(owner, poleA)).statusCode).toBe(404);
    expect((await poleOf(owner, poleB)).statusCode).toBe(404);

    const audit = await t.db.database.db.execute(
      sql`SELECT target_id, details FROM audit_log
          WHERE action = 'image.update' AND target_id = ANY(${`{${[...ids(onA), onB!.id].join(",")}}`}::text[])
            AND details->'after'->>'pole_id' = ${to}`,
    );
    expect(audit.rows).toHaveLength(3);
    expect(audit.rows).toContainEqual({
      target_id: onB!.id,
      details: { before: { pole_id: poleB }, after: { pole_id: to } },
    });

    const events = await t.db.database.db.execute(
      sql`SELECT type, pole_ids, image_ids FROM workspace_events WHERE id > ${since}::bigint ORDER BY id`,
    );
    expect(events.rows).toHaveLength(1);
    const [event] = events.rows as { type: string; pole_ids: string[]; image_ids: string[] }[];
    expect(event!.type).toBe("image.updated");
    expect(event!.pole_ids.sort()).toEqual([poleA, poleB, to].sort());
    expect(event!.image_ids.sort()).toEqual([...ids(onA), onB!.id].sort());
  });

  it("keeps a pole that still has photos, gives a photo without a place the pole's, skips those already there", async () => {
    const onA = await at(owner)(2);
    const [target] = await at(owner)(1);
    const loose = await unplacedPhoto(t, owner.cookie, "2026-01-04");
    const res = await move(owner, {
      image_ids: [onA[0]!.id, loose.id, target!.id],
      pole_id: target!.pole_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = photoMoveResponseSchema.parse(res.json());
    expect(answer.moved).toBe(2);
    expect(answer.removed_poles).toEqual([]);
    expect(answer.images[1]).toMatchObject({
      id: loose.id,
      pole_id: target!.pole_id,
      latitude: target!.latitude,
      longitude: target!.longitude,
    });
    // Already on the pole: as it was, not a new version.
    expect(answer.images[2]).toMatchObject({ id: target!.id, version: target!.version });
    expect((await poleRecord(t, owner, onA[0]!.pole_id!)).pole.photo_count).toBe(1);
  });

  it("moves a photo named twice once", async () => {
    const [photo] = await at(owner)(1);
    const [target] = await at(owner)(1);
    const res = await move(owner, {
      image_ids: [photo!.id, photo!.id.toUpperCase()],
      pole_id: target!.pole_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = photoMoveResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ moved: 1, images: [{ id: photo!.id, version: photo!.version + 1 }] });
  });
});

describe("a move that is refused moves nothing", () => {
  it("answers 404 when one photo or the pole is another workspace's", async () => {
    const mine = await at(owner)(2);
    const [target] = await at(owner)(1);
    const [theirs] = await at(stranger)(1);
    const withTheirs = await move(owner, { image_ids: [...ids(mine), theirs!.id], pole_id: target!.pole_id });
    expect(withTheirs.statusCode, withTheirs.body).toBe(404);
    const toTheirs = await move(owner, { image_ids: ids(mine), pole_id: theirs!.pole_id });
    expect(toTheirs.statusCode, toTheirs.body).toBe(404);
    const unknown = await move(owner, { image_ids: [...ids(mine), randomUUID()], pole_id: target!.pole_id });
    expect(unknown.statusCode, unknown.body).toBe(404);
    // The stranger cannot move the owner's photos to their own pole either.
    const byStranger = await move(stranger, { image_ids: ids(mine), pole_id: theirs!.pole_id });
    expect(byStranger.statusCode, byStranger.body).toBe(404);
    expect((await poleRecord(t, owner, mine[0]!.pole_id!)).images.map((i) => i.version)).toEqual(
      mine.map((p) => p.version),
    );
    expect((await poleRecord(t, stranger, theirs!.pole_id!)).pole.photo_count).toBe(1);
  });

  it("lets a member move the team's photos and refuses a viewer with 403", async () => {
    const lead = await createSignedInUser(t);
    const member = await createSignedInUser(t);
    const viewer = await createSignedInUser(t);
    await createTeamWith(t, lead, [
      [member, "member"],
      [viewer, "viewer"],
    ]);
    const photos = await at(lead)(2);
    const [target] = await at(member)(1);
    const body = { image_ids: ids(photos), pole_id: target!.pole_id };
    const refused = await move(viewer, body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await poleRecord(t, lead, photos[0]!.pole_id!)).pole.photo_count).toBe(2);
    const done = await move(member, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(photoMoveResponseSchema.parse(done.json()).moved).toBe(2);
  });

  it("answers 400 to an empty list, too many photos, an id that is no id, or a missing pole", async () => {
    const [photo] = await at(owner)(1);
    const [target] = await at(owner)(1);
    const empty = await move(owner, { image_ids: [], pole_id: target!.pole_id });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(photoMoveTexts.noPhotos);
    const many = Array.from({ length: MAX_MOVED_PHOTOS + 1 }, () => randomUUID());
    const tooMany = await move(owner, { image_ids: many, pole_id: target!.pole_id });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(photoMoveTexts.tooMany(MAX_MOVED_PHOTOS));
    expect((await move(owner, { image_ids: ["nope"], pole_id: target!.pole_id })).statusCode).toBe(400);
    expect((await move(owner, { image_ids: [photo!.id] })).statusCode).toBe(400);
    expect((await move(owner, { image_ids: [photo!.id], pole_id: "new" })).statusCode).toBe(400);
    expect((await poleRecord(t, owner, photo!.pole_id!)).images[0]!.version).toBe(photo!.version);
  });
});
