/**
 * 3. API at scale: one user with 10k, 100k and 1M photo rows (inserted in SQL), p50/p95 of the
 * calls the map makes, their response sizes, and the old "list everything" call for contrast.
 * Photos sit in regions of ~1,000 (0.2° apart, jittered inside their 0.1° cell), each on a pole of
 * its own; also the pole rule for a new photo and one region's poles.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { connectDatabase, runMigrations } from "../apps/server/src/infra/db/database";
import { startEmbeddedPostgres } from "../apps/server/src/infra/db/embedded-postgres";
import { benchServerEnv, percentile, signedInClient, type Client } from "./lib/client";
import { makeDataDir, startServer } from "./lib/server";

export interface Timing {
  p50Ms: number;
  p95Ms: number;
  bytes: number;
  runs: number;
}

export interface ScaleResult {
  rows: number;
  regions: Timing;
  regionImages: Timing & { photos: number };
  usage: Timing;
  listAll: Timing;
  /** GET /api/poles?region= for the region above (one pole per photo here: the worst case). */
  regionPoles: Timing;
  /** The pole rule for one new photo among all the poles (SQL, in a transaction rolled back). */
  assignPole: { p50Ms: number; p95Ms: number; runs: number };
}

const PER_REGION = 1000;

async function insertRows(db: pg.Pool, userId: string, from: number, to: number) {
  // Region r holds rows r*1000 … r*1000+999; its centre is on a 0.2° grid, the jitter stays in the cell.
  await db.query(
    `INSERT INTO utility_pole_images
       (user_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata)
     SELECT $1, 'bench/' || i || '.jpg', 'bench/' || i || '.webp', 'pole-' || i || '.jpg',
            date '2020-01-01' + (i % 1500),
            lat, lon, 2000000,
            jsonb_build_object('latitude', lat, 'longitude', lon, 'timestamp', '2020-01-01T00:00:00',
                               'filename', 'pole-' || i || '.jpg', 'fileSize', 2000000,
                               'fileType', 'image/jpeg', 'lastModified', null)
     FROM (
       SELECT i,
              30 + ((i / ${PER_REGION}) / 500) * 0.2 + (random() - 0.5) * 0.08 AS lat,
              -120 + ((i / ${PER_REGION}) % 500) * 0.2 + (random() - 0.5) * 0.08 AS lon
       FROM generate_series($2::int, $3::int - 1) AS i
     ) s`,
    [userId, from, to],
  );
  // Each photo its own pole (their jitter puts them metres to kilometres apart), with a rating
  // on three poles in four, as the API would have left them.
  await db.query(
    `WITH p AS (
       INSERT INTO utility_poles (id, workspace_id, latitude, longitude, risk)
       SELECT id, user_id, latitude, longitude, (ARRAY['low', 'medium', 'high', NULL])[1 + (hashtext(id::text) & 3)]
       FROM utility_pole_images WHERE user_id = $1 AND pole_id IS NULL
       RETURNING id)
     UPDATE utility_pole_images i SET pole_id = p.id FROM p WHERE i.id = p.id`,
    [userId],
  );
  await db.query("VACUUM ANALYZE utility_pole_images");
  await db.query("VACUUM ANALYZE utility_poles");
}

/** The pole rule at random places inside the photos' area, each in a transaction rolled back. */
async function timeAssign(db: pg.Pool, userId: string, runs: number) {
  const ms: number[] = [];
  const client = await db.connect();
  try {
    for (let i = 0; i < runs; i++) {
      const lat = 30 + Math.random() * 0.2 * (i % 2 ? 1 : 2);
      const lon = -120 + Math.random() * 20;
      await client.query("BEGIN");
      const t0 = performance.now();
      await client.query("SELECT utility_pole_assign($1, $2, $3, 10)", [userId, lat, lon]);
      ms.push(performance.now() - t0);
      await client.query("ROLLBACK");
    }
  } finally {
    client.release();
  }
  ms.sort((a, b) => a - b);
  return { p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), runs };
}

async function time(client: Client, url: string, runs: number): Promise<Timing> {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await client.get(url);
    const body = await res.arrayBuffer();
    ms.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    bytes = body.byteLength;
  }
  ms.sort((a, b) => a - b);
  return { p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), bytes, runs };
}

export async function benchApiScale(sizes: number[], runs: number): Promise<ScaleResult[]> {
  const dir = await makeDataDir("poleatlas-bench-scale-");
  const pgServer = await startEmbeddedPostgres(path.join(dir, "postgres"));
  const database = connectDatabase(pgServer.url);
  await runMigrations(database);
  const server = await startServer({
    env: { ...benchServerEnv, DATABASE_URL: pgServer.url, DATA_DIR: dir },
  });
  const results: ScaleResult[] = [];
  try {
    const client = await signedInClient(server.url);
    let have = 0;
    for (const size of sizes) {
      await insertRows(database.pool, client.userId, have, size);
      have = size;
      await client.get("/api/regions"); // warm caches once, as a user's second visit would
      const regionsRes = await client.get("/api/regions");
      const { regions } = (await regionsRes.json()) as { regions: { id: string; count: number }[] };
      const region = regions[0]!;
      results.push({
        rows: size,
        regions: await time(client, "/api/regions", runs),
        regionImages: {
          ...(await time(client, `/api/images?region=${encodeURIComponent(region.id)}`, runs)),
          photos: region.count,
        },
        usage: await time(client, "/api/storage/usage", runs),
        listAll: await time(client, "/api/images", size >= 1_000_000 ? 1 : Math.min(runs, 5)),
        regionPoles: await time(client, `/api/poles?region=${encodeURIComponent(region.id)}`, runs),
        assignPole: await timeAssign(database.pool, client.userId, runs),
      });
    }
  } finally {
    await server.stop();
    await database.close();
    await pgServer.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}
