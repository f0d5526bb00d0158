/**
 * 5. Export at scale: one user with 1M photo rows (inserted in SQL, each on a pole of
 * its own, three in four rated) exports CSV and GeoJSON; rows per second over the whole download
 * and the server's RSS growth while it streams (target ≥ 20k rows/s, < 200 MB).
 */
import type pg from "pg";
import { signedInClient, type Client } from "./lib/client";
import { withBenchServer } from "./lib/bench-server";
import { whileSamplingRss } from "./lib/rss";

export interface ExportRun {
  format: "csv" | "geojson";
  seconds: number;
  rowsPerSec: number;
  bytes: number;
  rssBeforeMB: number;
  rssPeakMB: number;
  rssGrowthMB: number;
}

export interface ExportBenchResult {
  rows: number;
  /** The CSV run's figures: the keys docs/benchmarks.md quotes (export.rowsPerSec, export.rssGrowthMB). */
  rowsPerSec: number;
  rssGrowthMB: number;
  runs: ExportRun[];
}

async function seed(db: pg.Pool, userId: string, rows: number) {
  await db.query(
    `INSERT INTO utility_pole_images
       (user_id, workspace_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata, notes, risk)
     SELECT $1, $1, 'bench/' || i || '.jpg', 'bench/' || i || '.webp', 'pole-' || i || '.jpg',
            date '2020-01-01' + (i % 1500), 30 + (i % 1000) * 0.0007, -120 + (i / 1000) * 0.0007, 2000000, '{}'::jsonb,
            CASE WHEN i % 5 = 0 THEN 'leaning, crossarm cracked' END,
            (ARRAY['low', 'medium', 'high', NULL])[1 + (i % 4)]
     FROM generate_series(1, $2::int) AS i`,
    [userId, rows],
  );
  await db.query(
    `WITH p AS (
       INSERT INTO utility_poles (id, workspace_id, latitude, longitude)
       SELECT id, workspace_id, latitude, longitude FROM utility_pole_images WHERE user_id = $1 AND pole_id IS NULL
       RETURNING id)
     UPDATE utility_pole_images i SET pole_id = p.id FROM p WHERE i.id = p.id`,
    [userId],
  );
  await db.query("VACUUM ANALYZE utility_pole_images");
  await db.query("VACUUM ANALYZE utility_poles");
}

/** One download over HTTP, read to the end, with the server's RSS sampled every 50 ms meanwhile. */
export async function measuredDownload(client: Client, pid: number, url: string) {
  const { result: bytes, ...r } = await whileSamplingRss(pid, 50, async () => {
    let bytes = 0;
    const res = await client.get(url);
    if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    return bytes;
  });
  return { ...r, bytes };
}

async function run(client: Client, pid: number, format: ExportRun["format"]): Promise<ExportRun> {
  return { format, rowsPerSec: 0, ...(await measuredDownload(client, pid, `/api/export?format=${format}`)) };
}

export async function benchExport(rows: number): Promise<ExportBenchResult> {
  return withBenchServer("poleatlas-bench-export-", {}, async ({ server, database }) => {
    const client = await signedInClient(server.url);
    await seed(database.pool, client.userId, rows);
    const pid = server.child.pid!;
    const runs: ExportRun[] = [];
    for (const format of ["csv", "geojson"] as const) {
      const r = await run(client, pid, format);
      runs.push({ ...r, rowsPerSec: rows / r.seconds });
    }
    const csv = runs[0]!;
    return { rows, rowsPerSec: csv.rowsPerSec, rssGrowthMB: csv.rssGrowthMB, runs };
  });
}
