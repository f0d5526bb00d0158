/**
 * The dashboard's counts of how findings move: opened (observed) and closed (resolved) per month,
 * and the ages of the open ones. Counted in SQL so a workspace of 200k findings sends 16 numbers.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../infra/db/database";

export interface MonthFlowRow {
  month: string;
  opened: number;
  closed: number;
}

export interface AgeingRow {
  up_to_30: number;
  up_to_90: number;
  up_to_365: number;
  over_365: number;
}

export function findingFlowQueries(db: Executor) {
  return {
    /**
     * Per month from `firstDay`'s month to `today`'s: findings observed, and findings resolved,
     * in it. Months without either are absent.
     */
    async flowByMonth(workspaceId: string, inRegion: SQL, firstDay: string, today: string) {
      const { rows } = await db.execute(
        sql`WITH f AS (
              SELECT f.observed_on, f.resolved_on FROM utility_pole_findings f
              JOIN utility_poles p ON p.id = f.pole_id
              WHERE f.workspace_id = ${workspaceId} ${inRegion}
                AND (f.observed_on BETWEEN ${firstDay}::date AND ${today}::date
                     OR f.resolved_on BETWEEN ${firstDay}::date AND ${today}::date))
            SELECT month, sum(opened)::int AS opened, sum(closed)::int AS closed FROM (
              SELECT to_char(observed_on, 'YYYY-MM') AS month, 1 AS opened, 0 AS closed FROM f
                WHERE observed_on BETWEEN ${firstDay}::date AND ${today}::date
              UNION ALL
              SELECT to_char(resolved_on, 'YYYY-MM'), 0, 1 FROM f
                WHERE resolved_on BETWEEN ${firstDay}::date AND ${today}::date) x
            GROUP BY month`,
      );
      return rows as unknown as MonthFlowRow[];
    },

    /** Open findings by days since they were observed: 0–30, 31–90, 91–365, over 365. */
    async ageing(workspaceId: string, inRegion: SQL, today: string): Promise<AgeingRow> {
      const age = sql`(${today}::date - f.observed_on)`;
      const { rows } = await db.execute(
        sql`SELECT count(*) FILTER (WHERE ${age} <= 30)::int AS up_to_30,
              count(*) FILTER (WHERE ${age} BETWEEN 31 AND 90)::int AS up_to_90,
              count(*) FILTER (WHERE ${age} BETWEEN 91 AND 365)::int AS up_to_365,
              count(*) FILTER (WHERE ${age} > 365)::int AS over_365
            FROM utility_pole_findings f JOIN utility_poles p ON p.id = f.pole_id
            WHERE f.workspace_id = ${workspaceId} AND f.status = 'open' ${inRegion}`,
      );
      return rows[0] as unknown as AgeingRow;
    },
  };
}
