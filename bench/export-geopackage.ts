/**
 * GeoPackage export at scale: one workspace of 1M register poles (inserted in SQL, each with a
 * tag, its register fields and two attributes) exported as a GeoPackage in State Plane
 * (EPSG:2227): rows per second from the request to the last byte (the file is written whole,
 * then sent) and the server's RSS growth meanwhile (target ≥ 20k rows/s, < 200 MB); the same
 * poles as CSV first, the cursor's own pace.
 */
import type pg from "pg";
import { measuredDownload } from "./export";
import { signedInClient, type Client } from "./lib/client";
import { withBenchServer } from "./lib/bench-server";

export interface GeopackageExportResult {
  rows: number;
  seconds: number;
  rowsPerSec: number;
  bytes: number;
  rssBeforeMB: number;
  rssPeakMB: number;
  rssGrowthMB: number;
  /** The same poles as CSV: the cursor's own pace. */
  csvRowsPerSec: number;
}

async function seed(db: pg.Pool, workspaceId: string, rows: number) {
  await db.query(
    `INSERT INTO utility_poles (workspace_id, latitude, longitude, tag, label, material, height_m, class,
                                installed_year, circuit, source, attributes)
     SELECT $1, 37 + (i % 1000) * 0.0007, -122.5 + (i / 1000) * 0.0007, 'P-' || i, 'Pole ' || i,
            (ARRAY['wood', 'steel', 'concrete'])[1 + (i % 3)], 10 + (i % 8), (1 + i % 6)::text,
            1950 + (i % 70), 'F-' || (i % 40), 'import',
            jsonb_build_object('Owner', 'Acme', 'Span', i % 90)
     FROM generate_series(1, $2::int) AS i`,
    [workspaceId, rows],
  );
  await db.query("VACUUM ANALYZE utility_poles");
}

async function download(client: Client, pid: number, url: string, rows: number) {
  const r = await measuredDownload(client, pid, url);
  return { rows, rowsPerSec: rows / r.seconds, ...r };
}

export async function benchGeopackageExport(rows: number): Promise<GeopackageExportResult> {
  return withBenchServer("poleatlas-bench-gpkg-", {}, async ({ server, database }) => {
    const client = await signedInClient(server.url);
    await seed(database.pool, client.userId, rows);
    const pid = server.child.pid!;
    // The same rows as CSV first: what the cursor alone gives, to tell the writer's share.
    const csv = await download(client, pid, "/api/export?layer=poles&format=csv", rows);
    const gpkg = await download(client, pid, "/api/export?layer=poles&format=gpkg&crs=EPSG:2227", rows);
    return { ...gpkg, csvRowsPerSec: csv.rowsPerSec };
  });
}
