/**
 * `/api/health` while a large region report is made: one region of BENCH_REPORT_POLES poles
 * (20,000 when run alone, 200,000 in the full bench; the map draws 10,000, the lists hold 5,000
 * rows each) with 3,000 open findings, seeded in SQL; the report is asked for while health is
 * asked every 50 ms, and the slowest health answer is the figure (the target: within 1 s). Run
 * alone after `npm run build`:
 * `npx tsx bench/report-health.ts`.
 */
import { regionKey } from "@poleatlas/shared";
import { withBenchServer } from "./lib/bench-server";
import { signedInClient } from "./lib/client";
import { probeHealth, type HealthFigures } from "./lib/health-probe";

const FINDINGS = 3_000;

export interface ReportHealthResult extends HealthFigures {
  poles: number;
  findings: number;
  reportMs: number;
  reportBytes: number;
}

export function benchReportHealth(poles: number): Promise<ReportHealthResult> {
  return withBenchServer("poleatlas-bench-report-health-", {}, async ({ server, database }) => {
    const client = await signedInClient(server.url);
    await database.pool.query(
      `INSERT INTO utility_poles (workspace_id, latitude, longitude, label)
       SELECT $1, 60.1 + (random() - 0.5) * 0.08, 24.9 + (random() - 0.5) * 0.08, 'P-' || i
       FROM generate_series(1, $2::int) AS i`,
      [client.userId, poles],
    );
    await database.pool.query(
      `INSERT INTO utility_pole_findings (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
       SELECT $1, id, 'lean', 1 + (row_number() OVER () % 3)::int, date '2025-01-01', date '2025-06-01', $1
       FROM (SELECT id FROM utility_poles WHERE workspace_id = $1 LIMIT $2) p`,
      [client.userId, FINDINGS],
    );
    const region = regionKey(24.9, 60.1);
    const health = probeHealth(server.url);
    const t0 = performance.now();
    const res = await client.get(`/api/reports/region/${region}.pdf`);
    const body = await res.arrayBuffer();
    const reportMs = performance.now() - t0;
    const figures = await health.stop();
    if (!res.ok) throw new Error(`region report: ${res.status}`);
    return { poles, findings: FINDINGS, reportMs, reportBytes: body.byteLength, ...figures };
  });
}

if (process.argv[1]?.endsWith("report-health.ts")) {
  console.log(
    JSON.stringify(await benchReportHealth(Number(process.env.BENCH_REPORT_POLES ?? 20_000)), null, 2),
  );
}
