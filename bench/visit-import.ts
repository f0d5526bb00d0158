/**
 * A visit history import at the file limit's size: VISIT_POLES tagged poles seeded in SQL, then
 * a CSV of BENCH_VISIT_ROWS rows (default 226,000, ~10 MB: five years of visits of three types on
 * each pole, just under the 10 MB limit) posted to /api/inspections/import while /api/health is asked every 50 ms. Run alone
 * after `npm run build -w apps/server`: `npx tsx bench/visit-import.ts`.
 */
import { withBenchServer } from "./lib/bench-server";
import { signedInClient } from "./lib/client";
import { probeHealth, type HealthFigures } from "./lib/health-probe";

const VISIT_POLES = 20_000;
const TYPES = ["patrol", "detailed", "intrusive"];

export interface VisitImportResult extends HealthFigures {
  rows: number;
  fileMB: number;
  importMs: number;
  created: number;
}

/** `rows` visits spread over the poles, each (pole, type, day) once. */
function historyCsv(rows: number): string {
  const lines = ["tag,type,date,inspector,result,notes"];
  for (let i = 0; i < rows; i++) {
    const pole = i % VISIT_POLES;
    const round = Math.floor(i / VISIT_POLES);
    const day = new Date(Date.UTC(2015, 0, 1) + round * 97 * 86_400_000).toISOString().slice(0, 10);
    const result = i % 4 === 0 ? "findings" : "no-defects";
    lines.push(`V-${pole},${TYPES[round % 3]},${day},C${i % 17},${result},ok`);
  }
  return `${lines.join("\n")}\n`;
}

export function benchVisitImport(rows: number): Promise<VisitImportResult> {
  return withBenchServer("poleatlas-bench-visit-import-", {}, async ({ server, database }) => {
    const client = await signedInClient(server.url);
    await database.pool.query(
      `INSERT INTO utility_poles (workspace_id, latitude, longitude, label, tag)
       SELECT $1, 60.1 + i * 0.0001, 24.9, 'P-' || i, 'V-' || i FROM generate_series(0, $2::int - 1) AS i`,
      [client.userId, VISIT_POLES],
    );
    const csv = historyCsv(rows);
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "history.csv");
    const health = probeHealth(server.url);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/inspections/import`, {
      method: "POST",
      headers: { cookie: client.cookie, origin: server.url },
      body: form,
    });
    const body = (await res.json()) as { created?: number };
    const importMs = performance.now() - t0;
    const figures = await health.stop();
    if (!res.ok) throw new Error(`visit import: ${res.status} ${JSON.stringify(body)}`);
    return {
      rows,
      fileMB: Buffer.byteLength(csv) / 2 ** 20,
      importMs,
      created: body.created ?? 0,
      ...figures,
    };
  });
}

if (process.argv[1]?.endsWith("visit-import.ts")) {
  console.log(
    JSON.stringify(await benchVisitImport(Number(process.env.BENCH_VISIT_ROWS ?? 226_000)), null, 2),
  );
}
