/**
 * 'Region N' names stay put: a workspace numbers its regions once, in the order they appear, and
 * a region keeps its number while photos come and go elsewhere (earlier-dated ones included).
 * Photos are written with SQL, as a bulk import would: the numbering lives in the database.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { regionListSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

const t = useTestApp();

const BERLIN = { longitude: 13.404, latitude: 52.52 };
const PARIS = { longitude: 2.294, latitude: 48.858 };
const ROME = { longitude: 12.496, latitude: 41.902 };

async function addPhoto(user: SignedInUser, at: { longitude: number; latitude: number }, date: string) {
  const id = randomUUID();
  await t.db.database.db.execute(sql`
    INSERT INTO utility_pole_images
      (id, user_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata)
    VALUES (${id}, ${user.id}, ${`k/${id}`}, ${`t/${id}`}, 'p.jpg', ${date}, ${at.latitude}, ${at.longitude}, 1,
            jsonb_build_object('latitude', ${at.latitude}::float8, 'longitude', ${at.longitude}::float8,
              'timestamp', now(), 'filename', 'p.jpg', 'fileSize', 1, 'fileType', 'image/jpeg', 'lastModified', null))`);
  return id;
}

async function names(user: SignedInUser): Promise<Record<string, string>> {
  const res = await t.app.inject({ url: "/api/regions", headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  const { regions } = regionListSchema.parse(res.json());
  return Object.fromEntries(regions.map((r) => [r.id, r.name]));
}

describe("'Region N' numbering", () => {
  it("keeps a region's number when photos dated earlier arrive elsewhere, and when others empty", async () => {
    const user = await createSignedInUser(t);
    await addPhoto(user, BERLIN, "2024-05-01");
    await addPhoto(user, PARIS, "2023-01-01");
    expect(await names(user)).toEqual({ "13.4,52.5": "Region 1", "2.3,48.9": "Region 2" });

    // Older photos elsewhere: before, they went first in the list and renumbered everything.
    const rome = await addPhoto(user, ROME, "2019-07-01");
    await addPhoto(user, PARIS, "2018-01-01");
    expect(await names(user)).toEqual({
      "13.4,52.5": "Region 1",
      "2.3,48.9": "Region 2",
      "12.5,41.9": "Region 3",
    });

    // Rome empties: the others keep theirs, and its number is not given to a newcomer.
    await t.db.database.db.execute(sql`DELETE FROM utility_pole_images WHERE id = ${rome}`);
    await addPhoto(user, { longitude: -0.127, latitude: 51.507 }, "2010-01-01");
    expect(await names(user)).toEqual({
      "13.4,52.5": "Region 1",
      "2.3,48.9": "Region 2",
      "-0.1,51.5": "Region 4",
    });
  });

  it("numbers each workspace's regions on their own, from 1", async () => {
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    await addPhoto(first, BERLIN, "2024-01-01");
    await addPhoto(first, PARIS, "2024-01-01");
    await addPhoto(second, PARIS, "2020-01-01");
    await addPhoto(second, BERLIN, "2021-01-01");
    expect(await names(first)).toEqual({ "13.4,52.5": "Region 1", "2.3,48.9": "Region 2" });
    expect(await names(second)).toEqual({ "2.3,48.9": "Region 1", "13.4,52.5": "Region 2" });
  });
});
