/**
 * GET /api/images is paged in list order (date ascending, undated last, created_at, id) with an
 * opaque keyset cursor: the whole list, and one region's photos the same way.
 */
import { sql } from "drizzle-orm";
import {
  compareByDate,
  IMAGE_PAGE_LIMIT,
  imageListSchema,
  regionKey,
  type ImageRecord,
} from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";

const t = useTestApp();
const user = useSignedInUser(t);
const other = useSignedInUser(t);

/**
 * `n` photo rows straight in SQL: few distinct dates and created_at values (ties the order must
 * break by created_at and id), every 5th undated, every 7th without a position.
 */
async function insertRows(owner: SignedInUser, n: number, tag: string) {
  await t.db.database.db.execute(sql`
    INSERT INTO utility_pole_images
      (user_id, storage_key, thumbnail_key, name, date, created_at, latitude, longitude, file_size, metadata)
    SELECT ${owner.id}, ${tag} || '/' || i || '.jpg', ${tag} || '/' || i || '.webp', 'pole-' || i || '.jpg',
           CASE WHEN i % 5 = 0 THEN NULL ELSE date '2024-01-01' + (i % 4) END,
           timestamptz '2024-06-01 00:00:00Z' + ((i % 3) * interval '1 second'),
           CASE WHEN i % 7 = 0 THEN NULL ELSE 52.5 + (i % 3) * 0.01 END,
           CASE WHEN i % 7 = 0 THEN NULL ELSE 13.4 END,
           1000,
           jsonb_build_object('latitude', NULL, 'longitude', NULL, 'timestamp', '2024-01-01T00:00:00',
                              'filename', 'pole-' || i || '.jpg', 'fileSize', 1000,
                              'fileType', 'image/jpeg', 'lastModified', NULL)
    FROM generate_series(1, ${n}) AS i`);
}

async function page(who: SignedInUser, query: string) {
  const res = await t.app.inject({ url: `/api/images${query}`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return imageListSchema.parse(res.json());
}

describe("GET /api/images pages", () => {
  it("walk the whole list in order, each photo once, and end with nextCursor null", async () => {
    await insertRows(user, 53, "walk");
    const seen: ImageRecord[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=7&cursor=${encodeURIComponent(cursor)}` : "?limit=7";
      const res = await page(user, q);
      expect(res.images.length).toBeLessThanOrEqual(7);
      seen.push(...res.images);
      cursor = res.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(pages).toBe(8);
    expect(seen).toHaveLength(53);
    expect(new Set(seen.map((i) => i.id)).size).toBe(53);
    expect(seen).toEqual([...seen].sort(compareByDate));
    // The undated come last, as in the unpaged order.
    expect(seen.slice(-10).every((i) => i.date === null)).toBe(true);
    // Another user's list is theirs alone.
    expect(await page(other, "")).toEqual({ images: [], nextCursor: null });
  });

  it("default to at most 1000 photos", async () => {
    await insertRows(other, IMAGE_PAGE_LIMIT + 1, "big");
    const first = await page(other, "");
    expect(first.images).toHaveLength(IMAGE_PAGE_LIMIT);
    expect(first.nextCursor).not.toBeNull();
    const rest = await page(other, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.images).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    expect([...first.images, ...rest.images]).toEqual([...first.images, ...rest.images].sort(compareByDate));
  });

  it("with ?region= page through that region alone, in list order, at most 1000 a page", async () => {
    // More than a page in one region: `other` has 1,001 rows around 13.4, 52.5, 858 of them placed.
    await insertRows(other, 400, "more");
    const regions = (await t.app.inject({ url: "/api/regions", headers: { cookie: other.cookie } })).json<{
      regions: { id: string; count: number }[];
    }>().regions;
    expect(regions).toHaveLength(1);
    const region = regions[0]!;
    expect(region.count).toBeGreaterThan(IMAGE_PAGE_LIMIT);
    const inRegion = `?region=${encodeURIComponent(region.id)}`;

    const first = await page(other, inRegion);
    expect(first.images).toHaveLength(IMAGE_PAGE_LIMIT);
    expect(first.nextCursor).not.toBeNull();

    const seen: ImageRecord[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `${inRegion}&limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await page(other, q);
      expect(res.images.length).toBeLessThanOrEqual(250);
      seen.push(...res.images);
      cursor = res.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(seen).toHaveLength(region.count);
    expect(new Set(seen.map((i) => i.id)).size).toBe(region.count);
    expect(seen).toEqual([...seen].sort(compareByDate));
    expect(seen.every((i) => i.latitude !== null && regionKey(i.longitude!, i.latitude) === region.id)).toBe(
      true,
    );
    // The same region id in another workspace answers that workspace's photos only.
    const theirs = await page(user, `${inRegion}&limit=5`);
    expect(theirs.images.every((i) => i.user_id === user.id)).toBe(true);
    expect(seen.every((i) => i.user_id === other.id)).toBe(true);
  });
});

describe("GET /api/images one at a time per user", () => {
  it("answers every one of many parallel calls, failed ones included", async () => {
    const calls = Array.from({ length: 12 }, (_, i) =>
      t.app.inject({
        url: i % 3 === 0 ? "/api/images?cursor=broken" : "/api/images?limit=3",
        headers: { cookie: user.cookie },
      }),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(statuses).toEqual(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 400 : 200)));
  });
});
