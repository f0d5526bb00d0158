/**
 * A bulk change of findings at the size the work list allows (MAX_BULK_FINDINGS, 5,000): the
 * findings, one a pole, are seeded in SQL; then one POST /api/findings/bulk assigns them all and
 * a second extends their due date with a reason (each finding audited, versioned and its pole
 * announced as a PATCH would), while /api/health is asked every 50 ms. Run alone after
 * `npm run build -w apps/server`: `npx tsx bench/findings-bulk.ts` (BENCH_BULK_FINDINGS sets the size).
 */
import { withBenchServer } from "./lib/bench-server";
import { signedInClient } from "./lib/client";
import { probeHealth, type HealthFigures } from "./lib/health-probe";

export interface BulkChangeResult extends HealthFigures {
  findings: number;
  assignMs: number;
  extendMs: number;
}

export function benchFindingsBulk(findings: number): Promise<BulkChangeResult> {
  return withBenchServer("poleatlas-bench-bulk-", {}, async ({ server, database }) => {
    const client = await signedInClient(server.url);
    await database.pool.query(
      `WITH p AS (
         INSERT INTO utility_poles (workspace_id, latitude, longitude, label)
         SELECT $1, 60.1 + i * 0.0001, 24.9, 'P-' || i FROM generate_series(1, $2::int) AS i
         RETURNING id)
       INSERT INTO utility_pole_findings (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
       SELECT $1, id, 'lean', 2, date '2026-01-01', date '2026-06-01', $1 FROM p`,
      [client.userId, findings],
    );
    const { rows } = await database.pool.query<{ id: string }>(
      "SELECT id::text AS id FROM utility_pole_findings WHERE workspace_id = $1",
      [client.userId],
    );
    const ids = rows.map((r) => r.id);
    const bulk = async (patch: Record<string, unknown>) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/findings/bulk`, {
        method: "POST",
        headers: { cookie: client.cookie, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({ ids, patch }),
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`bulk change: ${res.status} ${body}`);
      return performance.now() - t0;
    };
    const health = probeHealth(server.url);
    const assignMs = await bulk({ assignee_id: client.userId, work_order: "WO-1" });
    const extendMs = await bulk({ due_on: "2026-12-01", extension_reason: "Crew on storm duty" });
    return { findings, assignMs, extendMs, ...(await health.stop()) };
  });
}

if (process.argv[1]?.endsWith("findings-bulk.ts")) {
  console.log(
    JSON.stringify(await benchFindingsBulk(Number(process.env.BENCH_BULK_FINDINGS ?? 5000)), null, 2),
  );
}
