/**
 * The work list at scale: the inspections bench's workspace (default 1M poles, 200k findings),
 * with circuits on the poles and a fifth of the unresolved findings assigned to the signed-in
 * user, then one page of 100 for each of the work list's usual filters and sorts, and a second
 * page through the first one's cursor. The filtered page's target is p50 ≤ 100 ms.
 */
import { withSeededWorkspace } from "./inspections";
import { percentile, type Client } from "./lib/client";

export interface FindingsPageTiming {
  p50Ms: number;
  p95Ms: number;
  rows: number;
}

export interface FindingsPageResult {
  poles: number;
  findings: number;
  seedSeconds: number;
  runs: number;
  /** By query (the filters and sort of GET /api/findings). */
  pages: Record<string, FindingsPageTiming>;
}

/** The queries timed, by name; `level1` is the filtered page the target is about. */
export const FINDINGS_PAGE_QUERIES: Record<string, string> = {
  level1: "level=1&status=unresolved&sort=due&limit=100",
  myWork: "assignee=me&status=unresolved&sort=due&limit=100",
  overdueByObserved: "overdue=true&level=2&sort=-observed&limit=100",
  dueWithin30: "due_within=30&sort=due&limit=100",
  circuitByTag: "circuit=C-17&sort=tag&limit=100",
  unresolvedByTag: "status=unresolved&sort=tag&limit=100",
  unresolvedByAssignee: "status=unresolved&sort=-assignee&limit=100",
};

async function time(client: Client, query: string, runs: number): Promise<FindingsPageTiming> {
  const ms: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await client.get(`/api/findings?${query}`);
    const body = (await res.json()) as { findings: unknown[] };
    ms.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${query}: ${res.status}`);
    rows = body.findings.length;
  }
  ms.sort((a, b) => a - b);
  return { p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), rows };
}

export function benchFindingsPage(
  poles: number,
  findings: number,
  runs: number,
): Promise<FindingsPageResult> {
  return withSeededWorkspace("poleatlas-bench-findings-page-", poles, findings, async (w) => {
    const { client, pool } = w;
    await pool.query(
      `UPDATE utility_poles SET circuit = 'C-' || (abs(hashtext(id::text)) % 500) WHERE workspace_id = $1`,
      [client.userId],
    );
    await pool.query(
      `UPDATE utility_pole_findings SET assignee_id = $1, work_status = 'assigned', work_order = 'WO-' || level
       WHERE workspace_id = $1 AND status = 'open' AND abs(hashtext(id::text)) % 5 = 0`,
      [client.userId],
    );
    await pool.query("VACUUM ANALYZE utility_poles");
    await pool.query("VACUUM ANALYZE utility_pole_findings");
    const counted = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM utility_pole_findings");
    const n = counted.rows[0]?.n ?? 0;
    const pages: Record<string, FindingsPageTiming> = {};
    await client.get(`/api/findings?${FINDINGS_PAGE_QUERIES.level1}`); // warm once
    for (const [name, query] of Object.entries(FINDINGS_PAGE_QUERIES))
      pages[name] = await time(client, query, runs);
    const first = (await (await client.get(`/api/findings?${FINDINGS_PAGE_QUERIES.level1}`)).json()) as {
      nextCursor: string | null;
    };
    if (first.nextCursor) {
      pages.level1Next = await time(
        client,
        `${FINDINGS_PAGE_QUERIES.level1}&cursor=${first.nextCursor}`,
        runs,
      );
    }
    return { poles, findings: n, seedSeconds: w.seedSeconds, runs, pages };
  });
}
