/**
 * A seeded inspection year for the annual report's tests, written straight into the tables, and
 * the report's figures counted here in SQL of our own, one query per figure.
 */
import { addDays } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import type { TestApp } from "../helpers/app";

type Db = TestApp["db"]["database"]["db"];

interface PoleSeed {
  created: string;
  visits: [type: string, on: string][];
}

/**
 * Around 2025: poles due in it or not, inspected in it or not, never inspected, made after it;
 * visits of each type on its first and last day and in the years around it.
 */
const POLES: PoleSeed[] = [
  {
    created: "2020-01-01",
    visits: [
      ["patrol", "2023-03-01"],
      ["patrol", "2025-04-01"],
      ["detailed", "2025-04-01"],
    ],
  },
  { created: "2020-01-01", visits: [["patrol", "2023-08-01"]] },
  {
    created: "2020-01-01",
    visits: [
      ["detailed", "2024-12-31"],
      ["patrol", "2024-06-01"],
      ["patrol", "2026-02-01"],
    ],
  },
  { created: "2010-01-01", visits: [["intrusive", "2015-12-31"]] },
  { created: "2020-01-01", visits: [["patrol", "2025-12-31"]] },
  { created: "2025-05-01", visits: [] },
  { created: "2026-03-01", visits: [] },
  { created: "2020-01-01", visits: [["patrol", "2026-01-10"]] },
  {
    created: "2020-01-01",
    visits: [
      ["patrol", "2024-01-01"],
      ["detailed", "2025-01-01"],
      ["intrusive", "2025-06-01"],
    ],
  },
  // Made now, by an import of its history: in the register since its first visit.
  { created: "2026-06-01", visits: [["patrol", "2022-05-05"]] },
];

interface FindingSeed {
  level: 1 | 2 | 3;
  observed: string;
  /** The due date it had first; `due` when extended. */
  original: string;
  due?: string;
  resolved?: string;
  extensions?: [on: string, from: string, to: string, reason: string][];
}

export const ROAD = "Road closed for resurfacing";

/**
 * Closed on time, late, after an extension granted in time, after one granted too late, after
 * the extended date too; still open at the year's end; and findings of the years around it.
 */
const FINDINGS: FindingSeed[] = [
  { level: 1, observed: "2025-02-01", original: "2025-02-10", resolved: "2025-02-05" },
  { level: 1, observed: "2025-03-01", original: "2025-03-10", resolved: "2025-04-01" },
  { level: 1, observed: "2024-11-01", original: "2024-12-01" },
  { level: 1, observed: "2025-01-01", original: "2025-01-10", resolved: "2025-01-10" },
  {
    level: 1,
    observed: "2025-05-01",
    original: "2025-05-10",
    due: "2025-05-20",
    extensions: [["2025-05-05", "2025-05-10", "2025-05-20", "Outage needed"]],
  },
  {
    level: 2,
    observed: "2025-01-15",
    original: "2025-03-01",
    due: "2025-06-01",
    resolved: "2025-05-01",
    extensions: [["2025-02-20", "2025-03-01", "2025-06-01", ROAD]],
  },
  {
    level: 2,
    observed: "2025-01-20",
    original: "2025-03-01",
    due: "2025-05-01",
    resolved: "2025-04-20",
    extensions: [["2025-03-15", "2025-03-01", "2025-05-01", "Crew shortage"]],
  },
  {
    level: 2,
    observed: "2025-06-01",
    original: "2025-07-01",
    due: "2025-09-01",
    resolved: "2025-10-01",
    extensions: [["2025-06-20", "2025-07-01", "2025-09-01", ROAD]],
  },
  { level: 2, observed: "2025-10-01", original: "2025-12-01", resolved: "2026-01-10" },
  { level: 3, observed: "2024-06-01", original: "2025-06-01", resolved: "2025-05-01" },
  { level: 3, observed: "2025-12-31", original: "2026-12-31" },
  { level: 3, observed: "2026-01-05", original: "2027-01-05" },
  { level: 3, observed: "2024-01-01", original: "2024-03-01", resolved: "2024-06-01" },
  {
    level: 3,
    observed: "2025-07-01",
    original: "2025-08-01",
    due: "2026-02-01",
    resolved: "2025-12-15",
    extensions: [
      ["2025-08-01", "2025-08-01", "2025-12-01", "Landowner refused access"],
      ["2025-11-01", "2025-12-01", "2026-02-01", ROAD],
    ],
  },
];

/** The year's poles, visits, findings and extensions in workspace `ws`; `only` keeps the first n of each. */
export async function seedYear(db: Db, ws: string, by: string, only?: number) {
  const poles: string[] = [];
  for (const [i, p] of POLES.slice(0, only).entries()) {
    const { rows } = await db.execute(sql`INSERT INTO utility_poles
        (workspace_id, source, latitude, longitude, label, tag, created_at)
      VALUES (${ws}, 'import', ${40 + i / 100}, ${-100 - i / 100}, ${`A-${i}`}, ${`A-${i}`}, ${p.created}::timestamptz)
      RETURNING id::text AS id`);
    const id = (rows[0] as { id: string }).id;
    poles.push(id);
    for (const [type, on] of p.visits) {
      await db.execute(sql`INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, source)
        VALUES (${ws}, ${id}, ${type}, ${on}::date, 'imported')`);
    }
  }
  for (const [i, f] of FINDINGS.slice(0, only).entries()) {
    const { rows } = await db.execute(sql`INSERT INTO utility_pole_findings
        (workspace_id, pole_id, code, level, observed_on, due_on, original_due_on, status, resolved_on,
         resolved_by, action, created_by)
      VALUES (${ws}, ${poles[i % poles.length]}, 'lean', ${f.level}, ${f.observed}::date,
        ${f.due ?? f.original}::date, ${f.due ? f.original : null}::date, ${f.resolved ? "resolved" : "open"},
        ${f.resolved ?? null}::date, ${f.resolved ? by : null}, ${f.resolved ? "Fixed" : null}, ${by})
      RETURNING id::text AS id`);
    const id = (rows[0] as { id: string }).id;
    for (const [on, from, to, reason] of f.extensions ?? []) {
      await db.execute(sql`INSERT INTO utility_pole_finding_extensions
          (workspace_id, finding_id, from_due_on, to_due_on, reason, extended_on)
        VALUES (${ws}, ${id}, ${from}::date, ${to}::date, ${reason}, ${on}::date)`);
    }
  }
}

/** The report's figures counted here, keyed "section,group,figure". */
export async function countedInSql(db: Db, ws: string, from: string, to: string) {
  const n = async (q: ReturnType<typeof sql>) =>
    Number(((await db.execute(q)).rows[0] as { n: string | number }).n);
  const out: Record<string, number> = {};
  const after = addDays(to, 1);
  const inRegister = sql`p.workspace_id = ${ws} AND (p.created_at < ${after}::timestamp AT TIME ZONE 'UTC'
    OR EXISTS (SELECT 1 FROM utility_pole_visits v WHERE v.pole_id = p.id AND v.inspected_on <= ${to}::date))`;
  // A pole's due day from its visits before `before`: per type, its last such visit plus the cycle.
  const dueDay = (before: string) => sql`(SELECT min(v.inspected_on + make_interval(years => c.cycle_years))
    FROM utility_pole_visits v JOIN utility_pole_inspection_cycles(${ws}) c ON c.code = v.type
    WHERE v.pole_id = p.id AND v.inspected_on < ${before}::date AND NOT EXISTS (
      SELECT 1 FROM utility_pole_visits w
      WHERE w.pole_id = p.id AND w.type = v.type AND w.inspected_on > v.inspected_on AND w.inspected_on < ${before}::date))`;
  const inPeriod = (col: string) => sql`${sql.raw(col)} BETWEEN ${from}::date AND ${to}::date`;
  const visited = sql`EXISTS (SELECT 1 FROM utility_pole_visits v WHERE v.pole_id = p.id AND ${inPeriod("v.inspected_on")})`;

  const types = (await db.execute(sql`SELECT code FROM utility_pole_inspection_cycles(${ws})`)).rows as {
    code: string;
  }[];
  for (const { code } of types) {
    const of = sql`FROM utility_pole_visits v WHERE v.workspace_id = ${ws} AND v.type = ${code} AND ${inPeriod("v.inspected_on")}`;
    out[`visits,${code},visits`] = await n(sql`SELECT count(*) AS n ${of}`);
    out[`visits,${code},poles`] = await n(sql`SELECT count(DISTINCT v.pole_id) AS n ${of}`);
  }
  out["visits,all,visits"] = await n(
    sql`SELECT count(*) AS n FROM utility_pole_visits v WHERE v.workspace_id = ${ws} AND ${inPeriod("v.inspected_on")}`,
  );
  const poles = (where: ReturnType<typeof sql>) =>
    n(sql`SELECT count(*) AS n FROM utility_poles p WHERE ${inRegister} AND ${where}`);
  out["poles,all,due"] = await poles(sql`${dueDay(from)} <= ${to}::date`);
  out["poles,all,due_inspected"] = await poles(
    sql`${dueDay(from)} <= ${to}::date AND ${dueDay(after)} > ${to}::date`,
  );
  out["poles,all,due_not_inspected"] = await poles(
    sql`${dueDay(from)} <= ${to}::date AND ${dueDay(after)} <= ${to}::date`,
  );
  out["poles,all,inspected"] = await poles(visited);
  out["poles,all,overdue_at_end"] = await poles(sql`${dueDay(after)} <= ${to}::date`);
  out["poles,all,never_inspected"] = await poles(sql`${dueDay(after)} IS NULL`);

  const original = sql`coalesce(f.original_due_on, f.due_on)`;
  const timely = sql`EXISTS (SELECT 1 FROM utility_pole_finding_extensions e
    WHERE e.finding_id = f.id AND e.from_due_on = ${original} AND e.extended_on <= e.from_due_on)`;
  const closed = sql`f.status = 'resolved' AND ${inPeriod("f.resolved_on")}`;
  for (const level of [1, 2, 3]) {
    const count = (where: ReturnType<typeof sql>) =>
      n(
        sql`SELECT count(*) AS n FROM utility_pole_findings f WHERE f.workspace_id = ${ws} AND f.level = ${level} AND ${where}`,
      );
    const key = (figure: string) => `findings,level-${level},${figure}`;
    out[key("opened")] = await count(inPeriod("f.observed_on"));
    out[key("closed")] = await count(closed);
    out[key("closed_on_time")] = await count(sql`${closed} AND f.resolved_on <= ${original}`);
    out[key("closed_late")] = await count(
      sql`${closed} AND f.resolved_on > ${original} AND (f.resolved_on > f.due_on OR NOT ${timely})`,
    );
    out[key("closed_extended")] = await count(
      sql`${closed} AND f.resolved_on > ${original} AND f.resolved_on <= f.due_on AND ${timely}`,
    );
    out[key("open_at_end")] = await count(
      sql`f.observed_on <= ${to}::date AND (f.resolved_on IS NULL OR f.resolved_on > ${to}::date)`,
    );
  }
  const reasons = (
    await db.execute(sql`SELECT e.reason, count(DISTINCT f.id) AS n
    FROM utility_pole_findings f JOIN utility_pole_finding_extensions e ON e.finding_id = f.id
    WHERE f.workspace_id = ${ws} AND ${inPeriod("e.extended_on")}
    GROUP BY e.reason`)
  ).rows as { reason: string; n: string }[];
  for (const r of reasons) out[`extension_reasons,${r.reason},findings`] = Number(r.n);
  return out;
}
