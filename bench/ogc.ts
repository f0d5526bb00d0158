/**
 * The OGC layer as a GIS client pans it: GET /ogc/collections/poles/items?bbox=…&limit=1000 with
 * an API key, for boxes that each hold 1,000 poles out of OGC_BENCH_POLES (default 1,000,000)
 * poles of one workspace, inserted in SQL on a 0.001° grid 1,000 poles wide.
 */
import { percentile, signedInClient } from "./lib/client";
import { withBenchServer } from "./lib/bench-server";

export interface OgcBenchResult {
  poles: number;
  p50Ms: number;
  p95Ms: number;
  bytes: number;
  runs: number;
  featuresPerPage: number;
}

const WIDE = 1000;
const STEP = 0.001;

export async function benchOgc(poles: number, runs: number): Promise<OgcBenchResult> {
  return withBenchServer(
    "poleatlas-bench-ogc-",
    { API_KEY_RATE_LIMIT_MAX: "1000000" },
    async ({ server, database }) => {
      const client = await signedInClient(server.url);
      await database.pool.query(
        `INSERT INTO utility_poles (workspace_id, latitude, longitude, tag, material, installed_year, source)
       SELECT $1, 40 + (n / ${WIDE}) * ${STEP}, -100 + (n % ${WIDE}) * ${STEP}, 'B-' || n, 'wood', 1990 + n % 30, 'import'
         FROM generate_series(0, $2::int - 1) AS n`,
        [client.userId, poles],
      );
      await database.pool.query("ANALYZE utility_poles");
      const made = await fetch(`${server.url}/api/keys`, {
        method: "POST",
        headers: { cookie: client.cookie, origin: server.url, "content-type": "application/json" },
        body: JSON.stringify({ name: "bench", scope: "read" }),
      });
      const { key } = (await made.json()) as { key: string };
      const rowsHigh = Math.max(1, Math.floor(poles / WIDE));
      // 40 × 25 poles; the box's edges fall half-way between grid lines.
      const box = () => {
        const col = Math.floor(Math.random() * (WIDE - 40));
        const row = Math.floor(Math.random() * Math.max(1, rowsHigh - 25));
        const west = -100 + (col - 0.5) * STEP;
        const south = 40 + (row - 0.5) * STEP;
        return [west, south, west + 40 * STEP, south + 25 * STEP].map((v) => v.toFixed(5)).join(",");
      };
      const times: number[] = [];
      let bytes = 0;
      let features = 0;
      for (let i = 0; i < runs + 3; i++) {
        const start = performance.now();
        const res = await fetch(`${server.url}/ogc/collections/poles/items?limit=1000&bbox=${box()}`, {
          headers: { "x-api-key": key },
        });
        const body = await res.text();
        const ms = performance.now() - start;
        if (!res.ok) throw new Error(`OGC page failed: ${res.status} ${body}`);
        if (i < 3) continue; // warm-up
        times.push(ms);
        bytes = body.length;
        features = (JSON.parse(body) as { numberReturned: number }).numberReturned;
      }
      times.sort((a, b) => a - b);
      return {
        poles,
        p50Ms: percentile(times, 50),
        p95Ms: percentile(times, 95),
        bytes,
        runs,
        featuresPerPage: features,
      };
    },
  );
}
