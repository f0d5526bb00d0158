/**
 * 3. API at scale: one user with 10k, 100k and 1M photo rows (inserted in SQL), p50/p95 of the
 * calls the map makes, their response sizes, and the old "list everything" call for contrast.
 * Photos sit in regions of ~1,000 (0.2° apart, jittered inside their 0.1° cell), each on a pole of
 * its own; also the pole rule for a new photo and one region's poles. From the 100k scale on, a
 * second user holds one dense region of 100k poles, whose poles are timed as a browser
 * asks for them (Accept-Encoding: br, gzip), bytes counted on the wire.
 */
import http from "node:http";
import zlib from "node:zlib";
import type pg from "pg";
import { percentile, signedInClient, type Client } from "./lib/client";
import { withBenchServer } from "./lib/bench-server";

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
  /**
   * GET /api/poles?region= as a browser asks (Accept-Encoding: br, gzip): at 10k rows the grid
   * region above (~1,000 poles), from 100k rows on the dense region (100k poles in one 0.1° cell,
   * another user's). `bytes` are the body's bytes on the wire, `decodedBytes` after decoding.
   */
  regionPoles: WireTiming & { poles: number; region: "grid" | "dense" };
  /** GET /api/poles?region= for the grid region above (~1,000 poles), the same way. */
  regionPolesGrid: WireTiming & { poles: number };
  /** The pole rule for one new photo among all the poles (SQL, in a transaction rolled back). */
  assignPole: { p50Ms: number; p95Ms: number; runs: number };
}

export interface WireTiming extends Timing {
  decodedBytes: number;
  /** The answer's Content-Encoding ("identity" when none). */
  encoding: string;
}

const PER_REGION = 1000;
/** The dense region: this many poles, one photo each, in the 0.1° cell centred on 10.1, 45.1. */
const DENSE_POLES = 100_000;

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

/**
 * One 0.1° cell holding DENSE_POLES poles of `userId`'s workspace, one photo each, created one
 * second apart (so "oldest first" is a real order), four in five rated, one in a hundred labelled.
 */
async function insertDenseRegion(db: pg.Pool, userId: string) {
  await db.query(
    `INSERT INTO utility_pole_images
       (user_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata, risk, created_at)
     SELECT $1, 'dense/' || i || '.jpg', 'dense/' || i || '.webp', 'dense-' || i || '.jpg',
            date '2020-01-01' + (i % 1500), lat, lon, 2000000,
            jsonb_build_object('latitude', lat, 'longitude', lon, 'timestamp', '2020-01-01T00:00:00',
                               'filename', 'dense-' || i || '.jpg', 'fileSize', 2000000,
                               'fileType', 'image/jpeg', 'lastModified', null),
            (ARRAY['low', 'medium', 'high', 'high', NULL])[1 + i % 5],
            timestamptz '2024-01-01' + i * interval '1 second'
     FROM (
       SELECT i, 45.06 + random() * 0.08 AS lat, 10.06 + random() * 0.08 AS lon
       FROM generate_series(0, $2::int - 1) AS i
     ) s`,
    [userId, DENSE_POLES],
  );
  await db.query(
    `WITH p AS (
       INSERT INTO utility_poles (id, workspace_id, latitude, longitude, risk, label, created_at)
       SELECT id, workspace_id, latitude, longitude, risk,
              CASE WHEN hashtext(id::text) % 100 = 0 THEN 'P-' || substr(id::text, 1, 6) ELSE '' END,
              created_at
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

/**
 * `url` as a browser asks for it (Accept-Encoding: br, gzip), timed to its last byte; `bytes` are
 * the body as it came over the wire, decoded afterwards (not timed) to check it and count it.
 */
async function timeWire(baseUrl: string, client: Client, url: string, runs: number): Promise<WireTiming> {
  const ms: number[] = [];
  let bytes = 0;
  let decodedBytes = 0;
  let encoding = "identity";
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { status, headers, body } = await new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      body: Buffer;
    }>((resolve, reject) => {
      const req = http.get(
        `${baseUrl}${url}`,
        { headers: { cookie: client.cookie, "accept-encoding": "br, gzip" }, agent: keepAlive },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
    });
    ms.push(performance.now() - t0);
    if (status !== 200) throw new Error(`${url}: ${status}`);
    encoding = String(headers["content-encoding"] ?? "identity");
    bytes = body.byteLength;
    const decoded =
      encoding === "br"
        ? zlib.brotliDecompressSync(body)
        : encoding === "gzip"
          ? zlib.gunzipSync(body)
          : body;
    decodedBytes = decoded.byteLength;
  }
  ms.sort((a, b) => a - b);
  return { p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), bytes, decodedBytes, encoding, runs };
}

const keepAlive = new http.Agent({ keepAlive: true });

export async function benchApiScale(sizes: number[], runs: number): Promise<ScaleResult[]> {
  const results: ScaleResult[] = [];
  await withBenchServer("poleatlas-bench-scale-", {}, async ({ server, database }) => {
    try {
      const client = await signedInClient(server.url);
      let dense: { client: Client; regionId: string } | null = null;
      let have = 0;
      for (const size of sizes) {
        await insertRows(database.pool, client.userId, have, size);
        have = size;
        await client.get("/api/regions"); // warm caches once, as a user's second visit would
        const regionsRes = await client.get("/api/regions");
        const { regions } = (await regionsRes.json()) as { regions: { id: string; count: number }[] };
        const region = regions[0]!;
        if (size >= DENSE_POLES && !dense) {
          const denseClient = await signedInClient(server.url);
          await insertDenseRegion(database.pool, denseClient.userId);
          const res = await denseClient.get("/api/regions");
          const [only] = ((await res.json()) as { regions: { id: string }[] }).regions;
          if (!only) throw new Error("the dense region is missing");
          dense = { client: denseClient, regionId: only.id };
          await denseClient.get(`/api/poles?region=${encodeURIComponent(only.id)}`); // warm once
        }
        const gridPoles = `/api/poles?region=${encodeURIComponent(region.id)}`;
        const regionPolesGrid = {
          ...(await timeWire(server.url, client, gridPoles, runs)),
          poles: region.count,
        };
        results.push({
          rows: size,
          regions: await time(client, "/api/regions", runs),
          regionImages: {
            ...(await time(client, `/api/images?region=${encodeURIComponent(region.id)}`, runs)),
            photos: region.count,
          },
          usage: await time(client, "/api/storage/usage", runs),
          listAll: await time(client, "/api/images", size >= 1_000_000 ? 1 : Math.min(runs, 5)),
          regionPoles: dense
            ? {
                ...(await timeWire(
                  server.url,
                  dense.client,
                  `/api/poles?region=${encodeURIComponent(dense.regionId)}`,
                  runs,
                )),
                poles: DENSE_POLES,
                region: "dense",
              }
            : { ...regionPolesGrid, region: "grid" },
          regionPolesGrid,
          assignPole: await timeAssign(database.pool, client.userId, runs),
        });
      }
    } finally {
      keepAlive.destroy();
    }
  });
  return results;
}
