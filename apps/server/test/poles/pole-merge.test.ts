/**
 * POST /api/poles/:id/merge: photos that made a pole of their own before the register was there
 * (or beside it) go to the register pole with everything hung on their pole: photos, findings,
 * visits, measurements, attachments. Audited on the register pole, one live event, the photo-made pole gone. A
 * register pole is never merged; another workspace's pole is 404.
 */
import {
  attachmentListSchema,
  attachmentResponseSchema,
  auditListSchema,
  poleMergeResponseSchema,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { addFinding, get, send } from "../inspections/support";
import { recordVisit } from "../inspections/visit-support";
import { poleRecord } from "./import-support";
import { destination, type Place } from "./locate-support";
import { register } from "./sight-support";
import { placedPhoto } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const merge = (who: SignedInUser, from: string, into: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/poles/${from}/merge`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { into },
  });

let spot = 0;
const place = (): Place => ({ latitude: 35 + ++spot * 0.01, longitude: -80.2 });

/**
 * A photo-made pole 45 m from where the register pole will stand, with two photos: made before
 * the register was imported (with the register there, the rule would have asked instead).
 */
async function photoMadePole(near: Place) {
  const at = destination(near, 45, 45);
  const a = await placedPhoto(t, owner.cookie, at.latitude, at.longitude, "2025-04-01");
  const b = await placedPhoto(t, owner.cookie, at.latitude, at.longitude, "2025-05-01");
  expect(a.pole_id).not.toBeNull();
  expect(b.pole_id).toBe(a.pole_id);
  return { poleId: a.pole_id!, photos: [a.id, b.id] };
}

async function count(table: string, poleId: string): Promise<number> {
  const res = await t.db.database.db.execute(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE pole_id = ${poleId}::uuid`,
  );
  return (res.rows[0] as { n: number }).n;
}

describe("merging a photo-made pole into a register pole", () => {
  it("moves its photos, findings, visits and measurements, audits it and tells the maps", async () => {
    const at = place();
    const made = await photoMadePole(at);
    const ids = await register(t, owner, { "MG-1": at });
    await addFinding(t, owner.cookie, made.poleId, { code: "lean", level: 2 });
    await recordVisit(t, owner.cookie, made.poleId, { inspected_on: "2025-05-01" });
    // A measurement row as the measuring tool leaves it (its own tests build real ones).
    await t.db.database.db.execute(
      sql`INSERT INTO utility_pole_measurements (workspace_id, pole_id, image_id, reference, points, suggestions)
          VALUES (${owner.id}, ${made.poleId}::uuid, ${made.photos[0]}::uuid, '[]', '[]', '[]')`,
    );
    const hung = await send(t, owner.cookie, "POST", `/api/poles/${made.poleId}/attachments`, {
      kind: "communication",
      height_m: 5.5,
    });
    expect(hung.statusCode, hung.body).toBe(201);
    const before = await t.db.database.db.execute(
      sql`SELECT coalesce(max(id), 0)::text AS id FROM workspace_events`,
    );
    const lastEvent = (before.rows[0] as { id: string }).id;

    // The register poles it may go into: within 50 m of it, nearest first.
    const offered = await get(t, owner.cookie, `/api/poles/${made.poleId}/merge-candidates`);
    expect(offered.json()).toMatchObject({ poles: [{ pole_id: ids["MG-1"], tag: "MG-1" }] });
    expect((await get(t, stranger.cookie, `/api/poles/${made.poleId}/merge-candidates`)).statusCode).toBe(
      404,
    );

    const res = await merge(owner, made.poleId, ids["MG-1"]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(poleMergeResponseSchema.parse(res.json())).toEqual({
      pole_id: ids["MG-1"],
      moved: { photos: 2, findings: 1, visits: 1, measurements: 1 },
    });
    const record = await poleRecord(t, owner, ids["MG-1"]!);
    expect(record.images.map((i) => i.id).sort()).toEqual([...made.photos].sort());
    expect(record.pole.photo_count).toBe(2);
    expect(record.findings).toHaveLength(1);
    const tables = [
      "utility_pole_findings",
      "utility_pole_visits",
      "utility_pole_measurements",
      "pole_attachments",
    ];
    for (const table of tables) {
      expect(await count(table, ids["MG-1"]!)).toBe(1);
    }
    expect((await get(t, owner.cookie, `/api/poles/${made.poleId}`)).statusCode).toBe(404);

    const audit = auditListSchema.parse(
      (await get(t, owner.cookie, "/api/audit?action=pole.merge")).json(),
    ).entries;
    expect(audit[0]).toMatchObject({
      action: "pole.merge",
      target_id: ids["MG-1"],
      details: { from: made.poleId, photos: 2, findings: 1, visits: 1, measurements: 1 },
    });
    const events = await t.db.database.db.execute(
      sql`SELECT type, pole_ids, image_ids FROM workspace_events WHERE id > ${lastEvent}::bigint ORDER BY id`,
    );
    expect(events.rows).toEqual([
      {
        type: "image.updated",
        pole_ids: [made.poleId, ids["MG-1"]],
        image_ids: expect.arrayContaining(made.photos) as unknown,
      },
    ]);
  });

  it("turns the spans drawn to the merged pole to the register pole, named in any case", async () => {
    const at = place();
    const made = await photoMadePole(at);
    const ids = await register(t, owner, { "MG-S": at, "MG-N": destination(at, 0, 40) });
    const into = ids["MG-S"]!;
    // The neighbour's wire goes to the photo-made pole (its id sent in upper case); the
    // photo-made pole's own wire goes to the register pole it will become.
    const wire = { kind: "communication", height_m: 5.5, diameter_mm: 15, tension_kN: 4 };
    const theirs = await send(t, owner.cookie, "POST", `/api/poles/${ids["MG-N"]}/attachments`, {
      ...wire,
      spans: [{ to_pole_id: made.poleId.toUpperCase() }],
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(attachmentResponseSchema.parse(theirs.json()).attachment.spans[0]).toMatchObject({
      to_pole_id: made.poleId,
      length_m: expect.any(Number) as unknown,
    });
    const own = await send(t, owner.cookie, "POST", `/api/poles/${made.poleId}/attachments`, {
      ...wire,
      spans: [{ to_pole_id: into }, { bearing_deg: 90, length_m: 30 }],
    });
    expect(own.statusCode, own.body).toBe(201);

    expect((await merge(owner, made.poleId, into)).statusCode).toBe(200);
    const neighbour = attachmentListSchema.parse(
      (await get(t, owner.cookie, `/api/poles/${ids["MG-N"]}/attachments`)).json(),
    );
    expect(neighbour.attachments[0]!.spans).toEqual([
      expect.objectContaining({ to_pole_id: into, length_m: expect.any(Number) as unknown }),
    ]);
    const moved = attachmentListSchema.parse(
      (await get(t, owner.cookie, `/api/poles/${into}/attachments`)).json(),
    );
    expect(moved.attachments[0]!.spans).toEqual([expect.objectContaining({ bearing_deg: 90, length_m: 30 })]);
  });

  it("never merges a register pole, nor a pole into itself", async () => {
    const at = place();
    const made = await photoMadePole(at);
    const ids = await register(t, owner, { "MG-A": at, "MG-B": destination(at, 90, 40) });
    const refused = await merge(owner, ids["MG-A"]!, ids["MG-B"]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "register_pole" });
    expect((await merge(owner, made.poleId, made.poleId)).statusCode).toBe(400);
    expect((await poleRecord(t, owner, ids["MG-A"]!)).pole.tag).toBe("MG-A");
  });

  it("answers 404 for another workspace's pole, either way round, and moves nothing", async () => {
    const at = place();
    const made = await photoMadePole(at);
    const mine = await register(t, owner, { "MG-M": at });
    const theirs = await register(t, stranger, { "MG-T": at });
    expect((await merge(owner, made.poleId, theirs["MG-T"]!)).statusCode).toBe(404);
    expect((await merge(stranger, made.poleId, theirs["MG-T"]!)).statusCode).toBe(404);
    expect((await merge(stranger, made.poleId, mine["MG-M"]!)).statusCode).toBe(404);
    expect((await poleRecord(t, owner, made.poleId)).pole.photo_count).toBe(2);
    const bad = await send(t, owner.cookie, "POST", `/api/poles/${made.poleId}/merge`, { into: "nope" });
    expect(bad.statusCode).toBe(400);
  });
});
