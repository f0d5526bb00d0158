/**
 * Poles and inspections over the API: the risk roll-up, region counts, labels, moves, the
 * timeline, unplaced photos, owner checks and bad bodies.
 */
import {
  imageListSchema,
  imageResponseSchema,
  poleMarkersSchema,
  poleResponseSchema,
  poleTimelineSchema,
  regionListSchema,
  regionKey,
  RISK_CODES,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN, createSignedInUser } from "../helpers/users";
import { METRES_PER_DEGREE, patchImage, placedPhoto, unplacedPhoto } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const patchPole = (cookie: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/poles/${id}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload,
  });

async function pole(cookie: string, id: string) {
  const res = await get(cookie, `/api/poles/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return poleTimelineSchema.parse(res.json());
}

async function regionOf(cookie: string, id: string) {
  const res = await get(cookie, "/api/regions");
  return regionListSchema.parse(res.json()).regions.find((r) => r.id === id);
}

describe("a pole's risk and timeline", () => {
  it("takes the rating of its latest rated photo; clearing falls back to the one before", async () => {
    const lat = 51.5;
    const lon = -0.12;
    const old = await placedPhoto(t, user.cookie, lat, lon, "2023-04-01");
    const mid = await placedPhoto(t, user.cookie, lat + 6 / METRES_PER_DEGREE, lon, "2024-04-01");
    const recent = await placedPhoto(t, user.cookie, lat - 3 / METRES_PER_DEGREE, lon, "2025-04-01");
    const poleId = old.pole_id!;
    expect([mid.pole_id, recent.pole_id]).toEqual([poleId, poleId]);

    // The timeline: three dates, 6 m apart at most, in date order.
    const first = await pole(user.cookie, poleId);
    expect(first.images.map((i) => i.id)).toEqual([old.id, mid.id, recent.id]);
    expect(first.pole).toMatchObject({ photo_count: 3, first_date: "2023-04-01", last_date: "2025-04-01" });
    expect(first.pole.risk).toBeNull();

    await patchImage(t, user.cookie, mid.id, { risk: "high", notes: "cracked crossarm" });
    await patchImage(t, user.cookie, old.id, { risk: "low" });
    expect((await pole(user.cookie, poleId)).pole.risk).toBe("high");
    const region = regionKey(lon, lat);
    expect((await regionOf(user.cookie, region))?.risk).toEqual({ high: 1, medium: 0, low: 0, unrated: 0 });

    // The newest photo rated medium wins; cleared, the high one is back.
    await patchImage(t, user.cookie, recent.id, { risk: "medium" });
    expect((await pole(user.cookie, poleId)).pole.risk).toBe("medium");
    const cleared = await patchImage(t, user.cookie, recent.id, { risk: null });
    expect(imageResponseSchema.parse(cleared.json()).image.risk).toBeNull();
    expect((await pole(user.cookie, poleId)).pole.risk).toBe("high");

    const listed = poleMarkersSchema.parse((await get(user.cookie, `/api/poles?region=${region}`)).json());
    expect(listed).toMatchObject({ ids: [poleId], risks: [RISK_CODES.indexOf("high")], counts: [3] });
    const notes = (await pole(user.cookie, poleId)).images.find((i) => i.id === mid.id)?.notes;
    expect(notes).toBe("cracked crossarm");
  });
});

describe("moving photos between poles", () => {
  it("moves to another pole, makes a new one, and drops poles left empty", async () => {
    const a = await placedPhoto(t, user.cookie, -33.86, 151.2);
    const b = await placedPhoto(t, user.cookie, -33.86, 151.2 + 50 / METRES_PER_DEGREE);
    expect(b.pole_id).not.toBe(a.pole_id);
    await patchImage(t, user.cookie, b.id, { risk: "high" });

    const moved = await patchImage(t, user.cookie, b.id, { pole_id: a.pole_id });
    expect(imageResponseSchema.parse(moved.json()).image.pole_id).toBe(a.pole_id);
    // b's old pole had nothing else: gone.
    expect((await get(user.cookie, `/api/poles/${b.pole_id}`)).statusCode).toBe(404);
    expect((await pole(user.cookie, a.pole_id!)).pole).toMatchObject({ photo_count: 2, risk: "high" });

    const split = imageResponseSchema.parse(
      (await patchImage(t, user.cookie, b.id, { pole_id: "new" })).json(),
    );
    expect(split.image.pole_id).not.toBe(a.pole_id);
    expect((await pole(user.cookie, a.pole_id!)).pole).toMatchObject({ photo_count: 1, risk: null });
    expect((await pole(user.cookie, split.image.pole_id!)).pole.risk).toBe("high");
  });

  it("sets and clears a pole's label", async () => {
    const p = await placedPhoto(t, user.cookie, 1.3, 103.8);
    const set = await patchPole(user.cookie, p.pole_id!, { label: "  P-10423 " });
    expect(poleResponseSchema.parse(set.json()).pole.label).toBe("P-10423");
    const cleared = await patchPole(user.cookie, p.pole_id!, { label: "" });
    expect(poleResponseSchema.parse(cleared.json()).pole.label).toBe("");
  });

  it("keeps the old label when its audit entry cannot be written (they commit together)", async () => {
    const p = await placedPhoto(t, user.cookie, 1.31, 103.81);
    expect((await patchPole(user.cookie, p.pole_id!, { label: "P-1" })).statusCode).toBe(200);
    const db = t.db.database.db;
    await db.execute(
      sql.raw(`
      CREATE FUNCTION refuse_label_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'pole.update' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_label_audit BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_label_audit();`),
    );
    try {
      expect((await patchPole(user.cookie, p.pole_id!, { label: "P-2" })).statusCode).toBe(500);
    } finally {
      await db.execute(
        sql.raw("DROP TRIGGER refuse_label_audit ON audit_log; DROP FUNCTION refuse_label_audit();"),
      );
    }
    const res = await get(user.cookie, `/api/poles/${p.pole_id!}`);
    expect(poleTimelineSchema.parse(res.json()).pole.label).toBe("P-1");
  });

  it("deleting a pole's last photo removes the pole", async () => {
    const p = await placedPhoto(t, user.cookie, 64.1, -21.9);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/images/${p.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(204);
    expect((await get(user.cookie, `/api/poles/${p.pole_id}`)).statusCode).toBe(404);
  });
});

describe("unplaced photos", () => {
  it("are listed until they get coordinates, then join a pole and leave the list", async () => {
    const viewer = await createSignedInUser(t);
    const photo = await unplacedPhoto(t, viewer.cookie);
    expect(photo.pole_id).toBeNull();
    const before = imageListSchema.parse((await get(viewer.cookie, "/api/images?unplaced=true")).json());
    expect(before.images.map((i) => i.id)).toEqual([photo.id]);

    const placed = imageResponseSchema.parse(
      (await patchImage(t, viewer.cookie, photo.id, { latitude: 35.68, longitude: 139.69 })).json(),
    );
    expect(placed.image).toMatchObject({ latitude: 35.68, longitude: 139.69 });
    expect(placed.image.pole_id).not.toBeNull();
    const after = imageListSchema.parse((await get(viewer.cookie, "/api/images?unplaced=true")).json());
    expect(after.images).toEqual([]);
    expect((await regionOf(viewer.cookie, regionKey(139.69, 35.68)))?.count).toBe(1);
  });

  it("cannot make a pole of its own without coordinates", async () => {
    const photo = await unplacedPhoto(t, user.cookie);
    const res = await patchImage(t, user.cookie, photo.id, { pole_id: "new" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "unplaced_photo" });
  });
});

describe("owner checks and bad input", () => {
  it("answers 404 for someone else's photo or pole, and changes nothing", async () => {
    const mine = await placedPhoto(t, user.cookie, -1.29, 36.82);
    await patchImage(t, user.cookie, mine.id, { risk: "low" });
    const theirs = await placedPhoto(t, stranger.cookie, -1.2, 36.9);

    expect((await patchImage(t, stranger.cookie, mine.id, { risk: "high" })).statusCode).toBe(404);
    expect((await patchPole(stranger.cookie, mine.pole_id!, { label: "X" })).statusCode).toBe(404);
    expect((await get(stranger.cookie, `/api/poles/${mine.pole_id}`)).statusCode).toBe(404);
    // Nor may a photo move onto someone else's pole.
    expect((await patchImage(t, user.cookie, mine.id, { pole_id: theirs.pole_id })).statusCode).toBe(404);
    const region = regionKey(36.82, -1.29);
    const listed = poleMarkersSchema.parse(
      (await get(stranger.cookie, `/api/poles?region=${region}`)).json(),
    );
    expect(listed).toEqual({
      ids: [],
      latitudes: [],
      longitudes: [],
      risks: [],
      counts: [],
      labels: {},
      tags: [],
      overdue: [],
      inspections: [],
    });

    const after = await pole(user.cookie, mine.pole_id!);
    expect(after.pole).toMatchObject({ label: "", risk: "low", photo_count: 1 });
  });

  it.each([
    [{ risk: "severe" }, "body.risk"],
    [{ latitude: 91, longitude: 0 }, "body.latitude"],
    [{ latitude: 10 }, "body.longitude"],
    [{ pole_id: "not-a-pole" }, "body.pole_id"],
    [{ notes: "x".repeat(2001) }, "body.notes"],
    [{ colour: "red" }, "body"],
    [{}, "body"],
  ])("refuses %j with a 400 naming %s", async (body, field) => {
    const photo = await placedPhoto(t, user.cookie, 12.1, 12.1);
    const res = await patchImage(t, user.cookie, photo.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_request", field });
  });

  it("refuses a bad region or label", async () => {
    expect((await get(user.cookie, "/api/poles?region=nowhere")).statusCode).toBe(400);
    expect((await get(user.cookie, "/api/poles")).statusCode).toBe(400);
    const photo = await placedPhoto(t, user.cookie, 13.1, 13.1);
    const res = await patchPole(user.cookie, photo.pole_id!, { label: "L".repeat(65) });
    expect(res.json()).toMatchObject({ code: "invalid_request", field: "body.label" });
  });
});

describe("the kept region risk counts", () => {
  it("equal counting every owner's poles afresh after all the changes above", async () => {
    const counted = async (query: ReturnType<typeof sql>) =>
      (await t.db.database.db.execute(query)).rows.map((r) => JSON.stringify(r)).sort();
    const kept = await counted(sql`SELECT workspace_id, region_lon, region_lat, high, medium, low, unrated
                                   FROM utility_pole_region_risk`);
    const fresh = await counted(sql`SELECT workspace_id, region_lon, region_lat,
        count(*) FILTER (WHERE risk = 'high')::int AS high, count(*) FILTER (WHERE risk = 'medium')::int AS medium,
        count(*) FILTER (WHERE risk = 'low')::int AS low, count(*) FILTER (WHERE risk IS NULL)::int AS unrated
      FROM utility_poles GROUP BY workspace_id, region_lon, region_lat`);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept).toEqual(fresh);
  });
});
