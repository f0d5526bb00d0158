/**
 * The annual report's counts in SQL, over one period (a calendar year, or the current year up to
 * today): visits by type, poles by inspection state at the year's start and end (the pole rule of
 * utility_pole_visits_refresh, replayed on the visits dated up to a day), and findings by level
 * and by how each closed one met its date.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { POLE_TAG } from "./finding-columns";

export interface Period {
  from: string;
  to: string;
}

export interface ExtendedFinding {
  pole_tag: string;
  code: string;
  level: number;
  original_due_on: string;
  due_on: string;
  resolved_on: string;
  reasons: string;
}

/**
 * Each finding observed by the period's end, with how it closed in the period (null: not closed
 * in it). On time: closed by its original due date. Extended: closed after it, by the date it had
 * when closed, its first extension granted on or before the original date. Late: any other close.
 */
const FINDINGS = (workspaceId: string, p: Period) => sql`
  SELECT f.id, f.level, f.code, f.pole_id, f.observed_on, f.due_on, f.resolved_on, o.original,
    (f.status = 'open' OR f.resolved_on > ${p.to}::date) AS open_at_end,
    CASE
      WHEN f.status <> 'resolved' OR f.resolved_on NOT BETWEEN ${p.from}::date AND ${p.to}::date THEN NULL
      WHEN f.resolved_on <= o.original THEN 'on_time'
      WHEN f.resolved_on <= f.due_on AND EXISTS (
        SELECT 1 FROM utility_pole_finding_extensions e
        WHERE e.finding_id = f.id AND e.extended_on <= o.original) THEN 'extended'
      ELSE 'late'
    END AS outcome
  FROM utility_pole_findings f
  CROSS JOIN LATERAL (SELECT coalesce(f.original_due_on, f.due_on) AS original) o
  WHERE f.workspace_id = ${workspaceId} AND f.observed_on <= ${p.to}::date`;

export function createAnnualReportRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
  return {
    /** Visits dated in the period and the poles they covered, per type. */
    visits(workspaceId: string, p: Period) {
      return rows<{ type: string; visits: number; poles: number }>(
        sql`SELECT type, count(*)::int AS visits, count(DISTINCT pole_id)::int AS poles
            FROM utility_pole_visits
            WHERE workspace_id = ${workspaceId} AND inspected_on BETWEEN ${p.from}::date AND ${p.to}::date
            GROUP BY type ORDER BY type`,
      );
    },

    /**
     * The poles in the register at the period's end (made by then, or visited by then; a pole
     * deleted since is not counted): due within it by their visits before it, inspected in it,
     * overdue at its end (due day on or before its last day), and with no inspection on record.
     * Only the visited poles are grouped; the others are all "never inspected" and only counted
     * (grouping a register of a million poles took 3 s).
     */
    async poles(workspaceId: string, p: Period) {
      const end = sql`(${p.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
      const [row] = await rows<{
        due: number;
        due_inspected: number;
        due_not_inspected: number;
        inspected: number;
        overdue_at_end: number;
        never_inspected: number;
      }>(sql`
        WITH cycles AS (SELECT code, cycle_years FROM utility_pole_inspection_cycles(${workspaceId})),
        last AS (
          SELECT v.pole_id, v.type,
            max(v.inspected_on) FILTER (WHERE v.inspected_on < ${p.from}::date) AS before_on,
            max(v.inspected_on) AS end_on,
            bool_or(v.inspected_on >= ${p.from}::date) AS in_period
          FROM utility_pole_visits v
          WHERE v.workspace_id = ${workspaceId} AND v.inspected_on <= ${p.to}::date
          GROUP BY v.pole_id, v.type
        ),
        visited AS (
          SELECT l.pole_id,
            bool_or(pp.created_at < ${end}) AS created_by_end,
            min((l.before_on + make_interval(years => c.cycle_years))::date) AS due_at_start,
            min((l.end_on + make_interval(years => c.cycle_years))::date) AS due_at_end,
            bool_or(l.in_period) AS inspected
          FROM last l
          JOIN utility_poles pp ON pp.id = l.pole_id AND pp.workspace_id = ${workspaceId}
          LEFT JOIN cycles c ON c.code = l.type
          GROUP BY l.pole_id
        )
        SELECT count(*) FILTER (WHERE due_at_start <= ${p.to}::date)::int AS due,
          -- A pole due in the period was inspected when its due day moved past the period's end
          -- (a visit of another type leaves it due); else it is still due: the two add up to due.
          count(*) FILTER (WHERE due_at_start <= ${p.to}::date AND due_at_end > ${p.to}::date)::int AS due_inspected,
          count(*) FILTER (WHERE due_at_start <= ${p.to}::date AND due_at_end <= ${p.to}::date)::int AS due_not_inspected,
          count(*) FILTER (WHERE inspected)::int AS inspected,
          count(*) FILTER (WHERE due_at_end <= ${p.to}::date)::int AS overdue_at_end,
          (count(*) FILTER (WHERE due_at_end IS NULL)
            + (SELECT count(*) FROM utility_poles pp WHERE pp.workspace_id = ${workspaceId} AND pp.created_at < ${end})
            - count(*) FILTER (WHERE created_by_end))::int AS never_inspected
        FROM visited`);
      return row!;
    },

    /** Per level: opened in the period, closed in it by outcome, still open at its end. */
    levels(workspaceId: string, p: Period) {
      return rows<{
        level: number;
        opened: number;
        closed: number;
        on_time: number;
        late: number;
        extended: number;
        open_at_end: number;
      }>(sql`
        WITH f AS (${FINDINGS(workspaceId, p)})
        SELECT level,
          count(*) FILTER (WHERE observed_on >= ${p.from}::date)::int AS opened,
          count(outcome)::int AS closed,
          count(*) FILTER (WHERE outcome = 'on_time')::int AS on_time,
          count(*) FILTER (WHERE outcome = 'late')::int AS late,
          count(*) FILTER (WHERE outcome = 'extended')::int AS extended,
          count(*) FILTER (WHERE open_at_end)::int AS open_at_end
        FROM f GROUP BY level`);
    },

    /** The findings closed in the period after an extension granted in time, with their reasons. */
    extended(workspaceId: string, p: Period, limit: number) {
      return rows<ExtendedFinding>(sql`
        WITH f AS (${FINDINGS(workspaceId, p)})
        SELECT ${POLE_TAG} AS pole_tag, f.code, f.level, f.original::text AS original_due_on,
          f.due_on::text AS due_on, f.resolved_on::text AS resolved_on,
          (SELECT string_agg(e.reason, '; ' ORDER BY e.created_at)
           FROM utility_pole_finding_extensions e WHERE e.finding_id = f.id) AS reasons
        FROM f JOIN utility_poles p ON p.id = f.pole_id
        WHERE f.outcome = 'extended'
        ORDER BY f.resolved_on, f.id LIMIT ${limit}`);
    },

    /**
     * The extensions granted in the period (whatever became of their findings), counted by reason
     * as findings, the most given first.
     */
    extensionReasons(workspaceId: string, p: Period) {
      return rows<{ reason: string; findings: number }>(sql`
        SELECT e.reason, count(DISTINCT e.finding_id)::int AS findings
        FROM utility_pole_finding_extensions e JOIN utility_pole_findings f ON f.id = e.finding_id
        WHERE f.workspace_id = ${workspaceId} AND e.extended_on BETWEEN ${p.from}::date AND ${p.to}::date
        GROUP BY e.reason ORDER BY findings DESC, e.reason`);
    },
  };
}

export type AnnualReportRepository = ReturnType<typeof createAnnualReportRepository>;
