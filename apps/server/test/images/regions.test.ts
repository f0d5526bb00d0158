/**
 * Property test: the SQL regions (GROUP BY on the stored region columns) and the shared
 * groupIntoRegions agree on keys, counts, bounds and 'Region N' numbering, for random and edge
 * coordinates — negative halves included, where PostgreSQL's round() and Math.round differ.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  compareByDate,
  groupIntoRegions,
  imageListSchema,
  regionListSchema,
  type RegionImage,
  type RegionSummary,
} from "@poleatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app";
import { createSignedInUser } from "../helpers/users";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** mulberry32: small, seedable, good enough to explore inputs reproducibly. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const EDGE = [
  0, -0, 0.05, -0.05, 0.15, -0.15, 0.25, -0.25, -0.35, 0.45, -0.95, 1.05, 13.45, -13.45, 0.04999999999999999,
];

function coordinate(rnd: () => number, max: number): number | null {
  const r = rnd();
  if (r < 0.05) return null;
  if (r < 0.1) return rnd() < 0.5 ? max : -max;
  if (r < 0.4) return EDGE[Math.floor(rnd() * EDGE.length)]!;
  // Exact halves of a tenth far from zero: k/10 + 0.05 for random k, both signs.
  if (r < 0.6) return (Math.floor(rnd() * 20 * max) - 10 * max) / 10 + 0.05;
  // A few spots only, so regions hold several photos and bounds mean something.
  if (r < 0.8) return Math.round((rnd() * 2 - 1) * 30) / 100;
  return (rnd() * 2 - 1) * max;
}

function generate(seed: number, n: number, userId: string): RegionImage[] {
  const rnd = prng(seed);
  const dates = ["2021-03-04", "2022-01-01", "2022-01-02", "2023-12-31", null];
  return Array.from({ length: n }, () => {
    // Few distinct instants, so date and created_at ties are common and the id decides.
    const micros = String(Math.floor(rnd() * 4)).padStart(6, "0");
    return {
      id: randomUUID(),
      user_id: userId,
      date: dates[Math.floor(rnd() * dates.length)]!,
      created_at: `2024-05-0${1 + Math.floor(rnd() * 3)}T10:00:00.${micros}Z`,
      latitude: coordinate(rnd, 90),
      longitude: coordinate(rnd, 180),
    };
  });
}

async function insertRows(userId: string, rows: RegionImage[]): Promise<void> {
  await t.db.database.db.execute(sql`
    INSERT INTO utility_pole_images
      (id, user_id, storage_key, thumbnail_key, name, date, created_at, latitude, longitude, file_size, metadata)
    SELECT r.id, ${userId}, 'k/' || r.id, 't/' || r.id, 'p.jpg', r.date, r.created_at, r.latitude, r.longitude, 1,
           jsonb_build_object('latitude', r.latitude, 'longitude', r.longitude, 'timestamp', r.created_at,
             'filename', 'p.jpg', 'fileSize', 1, 'fileType', 'image/jpeg', 'lastModified', null)
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS r(id uuid, date date, created_at timestamptz, latitude float8, longitude float8)`);
}

/** What the API answers for regions, from the shared rule. */
const summaries = (images: RegionImage[]): RegionSummary[] =>
  groupIntoRegions(images).map(({ images: _images, ...summary }) => summary);

describe("GET /api/regions agrees with groupIntoRegions", () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}`, async () => {
      const user = await createSignedInUser(t);
      const rows = generate(seed, 300, user.id);
      await insertRows(user.id, rows);
      // JSON has no -0: compare what a client can actually receive.
      const sent = rows.map((r) => ({
        ...r,
        latitude: r.latitude === null ? null : r.latitude + 0,
        longitude: r.longitude === null ? null : r.longitude + 0,
      }));
      const headers = { cookie: user.cookie };

      const list = imageListSchema.parse((await t.app.inject({ url: "/api/images", headers })).json()).images;
      expect(list.map((i) => i.id)).toEqual([...sent].sort(compareByDate).map((i) => i.id));
      expect(list.map((i) => [i.latitude, i.longitude])).toEqual(
        [...sent].sort(compareByDate).map((i) => [i.latitude, i.longitude]),
      );

      const { regions } = regionListSchema.parse(
        (await t.app.inject({ url: "/api/regions", headers })).json(),
      );
      const expected = summaries(sent);
      expect(regions.length).toBeGreaterThan(5);
      expect(regions).toEqual(expected);
      // The same from the records the list returned, as the web computes it.
      expect(regions).toEqual(summaries(list));

      // ?region=ID returns exactly that region's photos, in list order.
      for (const region of groupIntoRegions(sent).slice(0, 15)) {
        const res = await t.app.inject({
          url: `/api/images?region=${encodeURIComponent(region.id)}`,
          headers,
        });
        expect(imageListSchema.parse(res.json()).images.map((i) => i.id)).toEqual(
          region.images.map((i) => i.id),
        );
      }
    });
  }

  it("rejects region ids the shared rule cannot make", async () => {
    const user = await createSignedInUser(t);
    for (const id of ["abc", "13.45,52.5", "-0,0", "200,0"]) {
      const res = await t.app.inject({
        url: `/api/images?region=${encodeURIComponent(id)}`,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: "invalid_region" });
    }
  });
});
