/**
 * Inspections at scale: one workspace with POLES poles (default 1M, in regions of 1,000 on a 0.2°
 * grid) and FINDINGS findings (default 200k; one region holds 10k of them, ten per pole), inserted
 * in SQL in batches (the triggers keep the poles' roll-up as the API would). Times GET /api/regions, the
 * overdue findings, the work list's first page and one region's PDF report of 10k findings.
 * BENCH_INSPECTION_POLES / BENCH_INSPECTION_FINDINGS set smaller sizes for a loaded machine.
 */
import type pg from "pg";
import { regionKey } from "@poleatlas/shared";
import { percentile, signedInClient, type Client } from "./lib/client";
import { withBenchServer } from "./lib/bench-server";

export interface InspectionTiming {
  p50Ms: number;
  p95Ms: number;
  bytes: number;
  runs: number;
}

export interface InspectionsResult {
  poles: number;
  findings: number;
  reportFindings: number;
  /** Seeding the poles and findings in SQL, with every trigger (batches of 100k / 20k rows). */
  seedSeconds: number;
  regions: InspectionTiming;
  overdue: InspectionTiming;
  workListFirstPage: InspectionTiming;
  regionReport: InspectionTiming;
  /** Visits seeded after the timings above, before the annual report's. */
  visits: number;
  /** The workspace's annual programme report of ANNUAL_REPORT_YEAR, as PDF and as CSV. */
  annualReportPdf: InspectionTiming;
  annualReportCsv: InspectionTiming;
}

/** The seed's findings are observed from 2020 to mid-2026, and a quarter resolved in 2026. */
export const ANNUAL_REPORT_YEAR = 2026;

const PER_REGION = 1000;
/** The report's region: its 1,000 poles hold ten findings each. */
const REPORT_PER_POLE = 10;

/** Rows per INSERT: each statement's triggers then roll up a batch, not the whole load at once. */
const POLE_BATCH = 100_000;
const FINDING_BATCH = 20_000;

async function seed(db: pg.Pool, workspaceId: string, poles: number, findings: number) {
  for (let from = 0; from < poles; from += POLE_BATCH) {
    await db.query(
      `INSERT INTO utility_poles (workspace_id, latitude, longitude, risk, label, last_photo_on)
       SELECT $1, 30 + ((i / ${PER_REGION}) / 500) * 0.2 + (random() - 0.5) * 0.08,
              -120 + ((i / ${PER_REGION}) % 500) * 0.2 + (random() - 0.5) * 0.08,
              (ARRAY['low', 'medium', 'high', NULL])[1 + (i & 3)], 'P-' || i,
              CASE WHEN i % 7 = 0 THEN NULL ELSE date '2012-01-01' + (i % 5000) END
       FROM generate_series($2::int, $3::int - 1) AS i`,
      [workspaceId, from, Math.min(poles, from + POLE_BATCH)],
    );
  }
  await db.query("VACUUM ANALYZE utility_poles");
  // The findings' poles, numbered: the report's region (pole P-0's: its 1,000 poles) ten findings
  // a pole, then one finding each on poles spread over the rest.
  await db.query(
    `CREATE UNLOGGED TABLE bench_finding_poles AS
     WITH target AS (
       SELECT region_lon, region_lat FROM utility_poles WHERE workspace_id = $1 AND label = 'P-0'
     ), inr AS (
       SELECT p.id FROM utility_poles p JOIN target t USING (region_lon, region_lat) WHERE p.workspace_id = $1
     ), rest AS (
       SELECT p.id, row_number() OVER (ORDER BY p.id) AS n FROM utility_poles p
       WHERE p.workspace_id = $1 AND p.id NOT IN (SELECT id FROM inr)
     ), picked AS (
       SELECT id FROM inr CROSS JOIN generate_series(1, ${REPORT_PER_POLE})
       UNION ALL
       SELECT id FROM rest WHERE n % greatest(1, ($3::int - ${PER_REGION}) / greatest(1, $2::int - ${PER_REGION * REPORT_PER_POLE})) = 0
     )
     SELECT id, row_number() OVER () AS r FROM (SELECT id FROM picked LIMIT $2) x`,
    [workspaceId, findings, poles],
  );
  await db.query("CREATE INDEX ON bench_finding_poles (r)");
  // In batches, one in four resolved.
  for (let from = 0; from < findings; from += FINDING_BATCH) {
    await db.query(
      `INSERT INTO utility_pole_findings
         (workspace_id, pole_id, code, level, observed_on, due_on, created_by, status, resolved_on, resolved_by, action)
       SELECT $1, id, (ARRAY['lean', 'top-rot', 'crossarm', 'insulator'])[1 + r % 4], 1 + r % 3,
              date '2020-01-01' + (r % 2400)::int,
              date '2020-01-01' + (r % 2400)::int + (ARRAY[7, 365, 1825])[1 + r % 3],
              $1, CASE WHEN r % 4 = 0 THEN 'resolved' ELSE 'open' END,
              CASE WHEN r % 4 = 0 THEN date '2026-01-01' END,
              CASE WHEN r % 4 = 0 THEN $1 END,
              CASE WHEN r % 4 = 0 THEN 'Repaired' END
       FROM bench_finding_poles WHERE r > $2 AND r <= $3`,
      [workspaceId, from, from + FINDING_BATCH],
    );
  }
  await db.query("DROP TABLE bench_finding_poles");
  await db.query("VACUUM ANALYZE utility_poles");
  await db.query("VACUUM ANALYZE utility_pole_findings");
  await db.query("VACUUM ANALYZE utility_pole_region_dates");
}

/** A third of the poles visited once, over the five years to mid-2026, in batches (as the seed). */
const VISIT_BATCH = 50_000;

async function seedVisits(db: pg.Pool, workspaceId: string): Promise<number> {
  await db.query(
    `CREATE UNLOGGED TABLE bench_visited_poles AS
     SELECT id, row_number() OVER (ORDER BY id) AS n FROM utility_poles WHERE workspace_id = $1`,
    [workspaceId],
  );
  await db.query("CREATE INDEX ON bench_visited_poles (n)");
  const counted = await db.query<{ total: number }>("SELECT count(*)::int AS total FROM bench_visited_poles");
  const total = counted.rows[0]?.total ?? 0;
  for (let from = 0; from < total; from += VISIT_BATCH * 3) {
    await db.query(
      `INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, source)
       SELECT $1, id, (ARRAY['patrol', 'detailed'])[1 + (n / 3) % 2], date '2021-07-01' + ((n * 7) % 1826)::int, 'imported'
       FROM bench_visited_poles WHERE n > $2 AND n <= $3 AND n % 3 = 0`,
      [workspaceId, from, from + VISIT_BATCH * 3],
    );
  }
  await db.query("DROP TABLE bench_visited_poles");
  await db.query("VACUUM ANALYZE utility_pole_visits");
  return Math.floor(total / 3);
}

async function time(client: Client, url: string, runs: number): Promise<InspectionTiming> {
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

/** A signed-in client in a fresh workspace seeded in SQL, and the database beside it. */
export interface SeededWorkspace {
  client: Client;
  pool: pg.Pool;
  seedSeconds: number;
}

/**
 * Its own PostgreSQL, data folder and built server, a workspace seeded with `poles` poles and
 * `findings` findings, then `measure`; everything goes afterwards.
 */
export async function withSeededWorkspace<T>(
  prefix: string,
  poles: number,
  findings: number,
  measure: (w: SeededWorkspace) => Promise<T>,
): Promise<T> {
  return withBenchServer(prefix, {}, async ({ server, database }) => {
    const client = await signedInClient(server.url);
    const seeding = performance.now();
    await seed(database.pool, client.userId, poles, findings);
    const seedSeconds = (performance.now() - seeding) / 1000;
    return await measure({ client, pool: database.pool, seedSeconds });
  });
}

/** The annual report once visits are on record (they are what its pole figures are made of). */
async function annualReport(client: Client, pool: pg.Pool, runs: number) {
  const visits = await seedVisits(pool, client.userId);
  const url = (format: string) => `/api/reports/annual/${ANNUAL_REPORT_YEAR}.${format}`;
  return {
    visits,
    annualReportPdf: await time(client, url("pdf"), runs),
    annualReportCsv: await time(client, url("csv"), runs),
  };
}

export function benchInspections(poles: number, findings: number, runs: number): Promise<InspectionsResult> {
  return withSeededWorkspace(
    "poleatlas-bench-inspections-",
    poles,
    findings,
    async ({ client, pool, seedSeconds }) => {
      const counted = await pool.query<{ n: number; report: number; lon: number; lat: number }>(
        `SELECT (SELECT count(*)::int FROM utility_pole_findings) AS n,
              (SELECT count(*)::int FROM utility_pole_findings f JOIN utility_poles p ON p.id = f.pole_id
               WHERE (p.region_lon, p.region_lat) = (t.region_lon, t.region_lat)) AS report,
              t.region_lon AS lon, t.region_lat AS lat
       FROM utility_poles t WHERE t.label = 'P-0'`,
      );
      const { n, report, lon, lat } = counted.rows[0]!;
      const regionId = regionKey(lon, lat);
      await client.get("/api/regions"); // warm once, as a second visit would be
      return {
        poles,
        findings: n,
        seedSeconds,
        reportFindings: report,
        regions: await time(client, "/api/regions", runs),
        overdue: await time(client, "/api/findings?overdue=true&limit=100", runs),
        workListFirstPage: await time(client, "/api/findings?status=open&limit=25", runs),
        regionReport: await time(
          client,
          `/api/reports/region/${encodeURIComponent(regionId)}.pdf`,
          Math.min(runs, 3),
        ),
        ...(await annualReport(client, pool, Math.min(runs, 3))),
      };
    },
  );
}
