/**
 * Opening a pole's record: the requests the record makes when a pole is selected, sent together
 * as the web app sends them, on random poles of a workspace of POLES poles (default 1M) with
 * FINDINGS findings (default 200k), seeded as the inspections bench seeds them, and the visits and
 * audit trail of pole-record-seed.ts. Times the whole opening (until the last of its requests
 * answered) and each request within it.
 */
import { withSeededWorkspace } from "./inspections";
import { percentile, type Client } from "./lib/client";
import { seedVisitsAndTrail } from "./pole-record-seed";

/**
 * What the record asks the server for when it opens, by name, as the web app asks (getPole, the
 * findings section, usePoleVisits, the history section's first page of POLE_HISTORY_PAGE). A
 * request for a route this server does not have (yet) is left out of the timing and listed as
 * absent: add the record's next request here.
 */
export const POLE_RECORD_REQUESTS: Record<string, (poleId: string) => string> = {
  pole: (id) => `/api/poles/${id}`,
  findings: (id) => `/api/findings?pole=${id}&status=all&limit=500`,
  inspections: (id) => `/api/poles/${id}/inspections`,
  history: (id) => `/api/poles/${id}/history?limit=20`,
};

export interface Timing {
  p50Ms: number;
  p95Ms: number;
}

export interface PoleRecordResult {
  poles: number;
  findings: number;
  visits: number;
  auditEntries: number;
  /** The inspections seed, then the visits and the trail. */
  seedSeconds: number;
  /** Poles opened, each once (none twice: no answer comes from a warm cache of the same pole). */
  runs: number;
  /** All of the record's requests at once, until the last answers. */
  open: Timing;
  requests: Record<string, Timing & { bytes: number }>;
  /** Requests of the list the server answered with "no such route". */
  absent: string[];
}

const timing = (ms: number[]): Timing => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
};

/** Whether the server has the route (a 404 for a missing pole is the route's own answer). */
async function routeExists(client: Client, url: string): Promise<boolean> {
  const res = await client.get(url);
  const body = await res.text();
  return !(res.status === 404 && body.includes('"Route '));
}

async function timed(client: Client, url: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await client.get(url);
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
  return { ms, bytes: body.byteLength };
}

export function benchPoleRecord(poles: number, findings: number, runs: number): Promise<PoleRecordResult> {
  return withSeededWorkspace(
    "poleatlas-bench-pole-record-",
    poles,
    findings,
    async ({ client, pool, seedSeconds }) => {
      const seeding = performance.now();
      const { visits, auditEntries } = await seedVisitsAndTrail(pool, client.userId);
      const seconds = seedSeconds + (performance.now() - seeding) / 1000;
      // Random poles, half of them with findings (most of a register has none).
      const picked = await pool.query<{ id: string }>(
        `(SELECT id FROM utility_poles ORDER BY random() LIMIT $1)
       UNION
       (SELECT pole_id FROM (SELECT DISTINCT pole_id FROM utility_pole_findings) f ORDER BY random() LIMIT $1)`,
        [Math.ceil((runs + 1) / 2)],
      );
      const ids = picked.rows.map((r) => r.id).slice(0, runs + 1);
      const counted = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM utility_pole_findings");
      // The warm-up pole is one not timed.
      const [warm, ...timedIds] = ids;
      const present: [string, (id: string) => string][] = [];
      const absent: string[] = [];
      for (const [name, url] of Object.entries(POLE_RECORD_REQUESTS)) {
        if (await routeExists(client, url(warm!))) present.push([name, url]);
        else absent.push(name);
      }
      const open: number[] = [];
      const each = new Map(present.map(([name]) => [name, { ms: [] as number[], bytes: 0 }]));
      for (const id of timedIds) {
        const t0 = performance.now();
        const answers = await Promise.all(present.map(([, url]) => timed(client, url(id))));
        open.push(performance.now() - t0);
        answers.forEach((r, i) => {
          const kept = each.get(present[i]![0])!;
          kept.ms.push(r.ms);
          kept.bytes = Math.max(kept.bytes, r.bytes);
        });
      }
      return {
        poles,
        findings: counted.rows[0]!.n,
        visits,
        auditEntries,
        seedSeconds: seconds,
        runs: timedIds.length,
        open: timing(open),
        requests: Object.fromEntries([...each].map(([n, r]) => [n, { ...timing(r.ms), bytes: r.bytes }])),
        absent,
      };
    },
  );
}
