/**
 * The work list's sorts read a page through an index and never scan or sort the workspace's
 * findings: read off the plan (EXPLAIN) of a few thousand findings, where a whole sort would show
 * as a scan of all of them. By assignee: the assignee index, a few rows per assignee. By the
 * pole's tag or circuit: the poles' indexes that hold only poles with findings, in a workspace
 * where most poles have none (a register's).
 */
import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../src/infra/db/database";
import { listFindings, type FindingFilter } from "../../src/modules/inspections/finding-list";
import { useSignedInUser, useTestApp } from "../helpers/setup";

const t = useTestApp();
const crews = [useSignedInUser(t), useSignedInUser(t), useSignedInUser(t), useSignedInUser(t)];
const db = () => t.db.database.db;
const WS = "assignee-plan";

beforeAll(async () => {
  await db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, label)
    SELECT ${WS}, 'import', 40 + i * 0.001, 8, 'P' || i FROM generate_series(1, 500) i`);
  await db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, tag, circuit)
    SELECT ${WS}, 'import', 41 + i * 0.001, 8, 'Q' || i, 'C-' || i % 7 FROM generate_series(1, 5000) i`);
  // 5,000 open findings: a fifth each for four people, a fifth unassigned.
  const ids = `{${crews.map((u) => u.id).join(",")}}`;
  await db().execute(sql`INSERT INTO utility_pole_findings
      (workspace_id, pole_id, code, level, observed_on, due_on, created_by, assignee_id)
    SELECT ${WS}, p.id, 'lean', 1 + g % 3, date '2025-01-01' + g % 300, date '2025-06-01' + g % 400,
      ${crews[0]!.id}, (${ids}::text[])[1 + g % 5]
    FROM generate_series(1, 5000) g
    JOIN utility_poles p ON p.workspace_id = ${WS} AND p.label = 'P' || (1 + g % 500)`);
  await db().execute(sql`ANALYZE utility_pole_findings`);
  await db().execute(sql`ANALYZE utility_poles`);
});

async function plan(q: Partial<FindingFilter>): Promise<string> {
  // The list's own SQL, asked for its plan instead of its rows.
  const explain = {
    execute: (query: SQL) => db().execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}`),
  } as unknown as Executor;
  const rows = await listFindings(explain, { workspaceId: WS, status: "all", limit: 101, ...q });
  return rows.map((r) => Object.values(r).join("")).join("\n");
}

describe("the work list sorted by assignee", () => {
  it("walks each assignee's findings in the index, a page of each, either way", async () => {
    const open = ["open", "assigned", "in-progress"] as const;
    for (const descending of [true, false]) {
      const text = await plan({ steps: [...open], sort: { field: "assignee", descending } });
      expect(text, text).toContain("findings_assignee_due_idx");
      expect(text, text).not.toMatch(/Seq Scan on utility_pole_findings/);
      // No step reads more rows than a page for each of the five (four people and nobody).
      const most = Math.max(...[...text.matchAll(/rows=([\d.]+)/g)].map((m) => Number(m[1])));
      expect(most, text).toBeLessThanOrEqual(5 * 101);
    }
  });

  it("starts each assignee's walk at the cursor, in the index", async () => {
    const text = await plan({
      level: 2,
      sort: { field: "assignee", descending: false },
      after: { key: `2025-09-01 ${crews[1]!.email}`, id: "00000000-0000-0000-0000-000000000000" },
    });
    expect(text, text).not.toMatch(/Seq Scan on utility_pole_findings/);
    expect(text, text).toMatch(/Index Cond: .*assignee_id = a\.id\) AND \(ROW\(due_on, id\) >/);
  });
});

describe("the work list sorted by the pole's tag or circuit", () => {
  it("walks the poles with findings in order, either way, and so filtered by circuit", async () => {
    const cases: [Partial<FindingFilter>, string][] = [
      [{ sort: { field: "tag", descending: false } }, "poles_work_tag_idx"],
      [{ sort: { field: "tag", descending: true } }, "poles_work_tag_idx"],
      [{ sort: { field: "circuit", descending: false } }, "poles_work_circuit_idx"],
      [{ circuit: "", sort: { field: "tag", descending: false } }, "poles_work_"],
    ];
    for (const [q, index] of cases) {
      const text = await plan(q);
      expect(text, text).toContain(index);
      expect(text, text).not.toMatch(/Seq Scan on utility_pole(s|_findings)/);
    }
  });

  it("finds a circuit by its start in any case through the circuit prefix index", async () => {
    for (const sort of [
      { field: "due", descending: false },
      { field: "tag", descending: false },
    ] as const) {
      const text = await plan({ circuit: "c-3", sort });
      expect(text, text).toContain("poles_work_circuit_prefix_idx");
      expect(text, text).toMatch(/Index Cond: .*~>=~/);
      expect(text, text).not.toMatch(/Seq Scan on utility_pole(s|_findings)/);
    }
  });

  it("keeps the poles without findings out of those indexes", async () => {
    const defs = await db().execute(
      sql`SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index
          WHERE indexrelid IN ('poles_work_tag_idx'::regclass, 'poles_work_circuit_idx'::regclass)`,
    );
    expect(defs.rows).toHaveLength(2);
    for (const { def } of defs.rows as { def: string }[])
      expect(def).toMatch(/WHERE \(last_finding_on IS NOT NULL\)$/);
  });
});
