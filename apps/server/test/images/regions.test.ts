/**
 * Property test: the SQL regions (GROUP BY on the stored region columns) and the shared
 * groupIntoRegions agree on keys, counts and bounds, for random and edge coordinates — negative
 * halves included, where PostgreSQL's round() and Math.round differ. 'Region N' names are
 * numbers kept per workspace (region-numbers.test.ts): here they are only distinct, in order.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  compareByDate,
  imageListSchema,
  regionListSchema,
  type RegionImage,
  type RegionSummary,
} from "@poleatlas/shared";
import { groupIntoRegions, prng } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { imageQueries } from "../../src/modules/photos/images.repository";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

const t = useTestApp();

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

const pick = (r: RegionImage) => ({ latitude: r.latitude, longitude: r.longitude, date: r.date });

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

/**
 * What the API answers for regions, from the shared rule. Rows written by SQL here join no pole
 * (only the API and migration 0004 apply the pole rule), so every region counts no poles.
 */
const NO_POLES = { high: 0, medium: 0, low: 0, unrated: 0 };
const summaries = (images: RegionImage[]): Omit<RegionSummary, "name">[] =>
  byId(
    groupIntoRegions(images).map(({ images: _images, ...summary }) => ({
      ...summary,
      risk: NO_POLES,
      overdue: 0,
      inspectionDue: { due: 0, overdue: 0, never: 0 },
    })),
  );

/** Regions without their names, by id: what the oracle and the API must agree on. */
function byId(regions: readonly RegionSummary[]): Omit<RegionSummary, "name">[] {
  return regions.map(({ name: _name, ...r }) => r).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** JSON has no -0: what a client can actually receive. */
const asSent = (rows: RegionImage[]): RegionImage[] =>
  rows.map((r) => ({
    ...r,
    latitude: r.latitude === null ? null : r.latitude + 0,
    longitude: r.longitude === null ? null : r.longitude + 0,
  }));

/**
 * The API's list and regions against the shared rule applied to `expectedRows` (what the test
 * believes is stored), and the trigger-kept summaries against a recount from the photos.
 */
async function expectAgreement(user: SignedInUser, expectedRows: RegionImage[]): Promise<void> {
  const headers = { cookie: user.cookie };
  const sent = asSent(expectedRows);
  const ordered = [...sent].sort(compareByDate);

  const list = imageListSchema.parse((await t.app.inject({ url: "/api/images", headers })).json()).images;
  expect(list.map((i) => [i.id, i.latitude, i.longitude, i.date])).toEqual(
    ordered.map((i) => [i.id, i.latitude, i.longitude, i.date]),
  );

  const { regions } = regionListSchema.parse((await t.app.inject({ url: "/api/regions", headers })).json());
  expect(byId(regions)).toEqual(summaries(sent));
  // The same from the records the list returned, as the web computes it.
  expect(byId(regions)).toEqual(summaries(list));
  // One number each, listed in number order.
  const numbers = regions.map((r) => Number(/^Region (\d+)$/.exec(r.name)?.[1]));
  expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));

  // The summary table equals a recount from the photos, and usage equals their sizes' sum.
  const recount = await t.db.database.db.execute(imageQueries.regionsFromPhotos(user.id));
  const byKey = (rows: (number | string)[][]) => rows.map(String).sort();
  expect(byKey(regions.map((r) => [r.longitude, r.latitude, r.count]))).toEqual(
    byKey(
      (recount.rows as { region_lon: number; region_lat: number; count: number }[]).map((r) => [
        r.region_lon + 0,
        r.region_lat + 0,
        r.count,
      ]),
    ),
  );
  const sum = await t.db.database.db.execute(
    sql`SELECT COALESCE(SUM(file_size), 0)::int AS s FROM utility_pole_images WHERE user_id = ${user.id}`,
  );
  const usage = (await t.app.inject({ url: "/api/storage/usage", headers })).json<{ usedBytes: number }>();
  expect(usage.usedBytes).toBe((sum.rows[0] as { s: number }).s);

  // ?region=ID returns exactly that region's photos, in list order.
  for (const region of groupIntoRegions(sent).slice(0, 10)) {
    const res = await t.app.inject({ url: `/api/images?region=${encodeURIComponent(region.id)}`, headers });
    expect(imageListSchema.parse(res.json()).images.map((i) => i.id)).toEqual(region.images.map((i) => i.id));
  }
}

describe("GET /api/regions agrees with groupIntoRegions", () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: after inserts, deletes, updates and more inserts`, async () => {
      const user = await createSignedInUser(t);
      const rnd = prng(seed * 7919);
      let rows = generate(seed, 300, user.id);
      // Three INSERT statements: the triggers merge into regions that already exist.
      for (let i = 0; i < 300; i += 100) await insertRows(user.id, rows.slice(i, i + 100));
      await expectAgreement(user, rows);
      expect(groupIntoRegions(rows).length).toBeGreaterThan(5);

      // One bulk DELETE (first photos, bounds and whole regions leave), then a few via the API.
      const doomed = rows.filter(() => rnd() < 0.3).map((r) => r.id);
      await t.db.database.db.execute(
        sql`DELETE FROM utility_pole_images WHERE id = ANY(${`{${doomed.join(",")}}`}::uuid[])`,
      );
      rows = rows.filter((r) => !doomed.includes(r.id));
      for (const r of rows.filter(() => rnd() < 0.03)) {
        const res = await t.app.inject({
          method: "DELETE",
          url: `/api/images/${r.id}`,
          headers: { cookie: user.cookie },
        });
        expect(res.statusCode).toBe(204);
        rows = rows.filter((x) => x.id !== r.id);
      }
      await expectAgreement(user, rows);

      // One UPDATE moving photos between regions and changing their dates.
      const moved = generate(seed + 1000, rows.length, user.id);
      rows = rows.map((r, i) => (rnd() < 0.25 ? { ...r, ...pick(moved[i]!) } : r));
      await t.db.database.db.execute(sql`
        UPDATE utility_pole_images p SET latitude = r.latitude, longitude = r.longitude, date = r.date
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(id uuid, date date, latitude float8, longitude float8)
        WHERE p.id = r.id`);
      await expectAgreement(user, rows);

      const more = generate(seed + 2000, 50, user.id);
      await insertRows(user.id, more);
      await expectAgreement(user, [...rows, ...more]);
    });
  }

  it("stays exact under concurrent writers on the same regions", async () => {
    const user = await createSignedInUser(t);
    const rows = generate(77, 400, user.id).map((r, i) => ({
      ...r,
      // Few regions, so writers collide on them.
      latitude: r.latitude === null ? null : Math.round(r.latitude) / 100,
      longitude: r.longitude === null ? null : ((i % 5) - 2) / 10 + 0.05,
    }));
    await Promise.all(
      [0, 1, 2, 3].map((w) =>
        insertRows(
          user.id,
          rows.filter((_, i) => i % 4 === w),
        ),
      ),
    );
    const doomed = rows.filter((_, i) => i % 3 === 0);
    await Promise.all(
      [0, 1, 2, 3, 4].map((w) =>
        t.db.database.db.execute(
          sql`DELETE FROM utility_pole_images
              WHERE id = ANY(${`{${doomed
                .filter((_, i) => i % 5 === w)
                .map((r) => r.id)
                .join(",")}}`}::uuid[])`,
        ),
      ),
    );
    const extra = generate(78, 100, user.id);
    await Promise.all([insertRows(user.id, extra.slice(0, 50)), insertRows(user.id, extra.slice(50))]);
    await expectAgreement(user, [...rows.filter((r) => !doomed.includes(r)), ...extra]);
  });

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
