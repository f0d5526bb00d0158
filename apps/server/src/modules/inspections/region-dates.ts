/**
 * The regions list's inspection counts in SQL: per region, the poles whose earliest open fix-by
 * date or inspection due day falls before a day, from the kept counts by year and month
 * (utility_pole_region_dates, drizzle/0025 and 0027) plus the poles of that day's own month.
 */
import { sql, type SQL } from "drizzle-orm";

/** The day after an ISO day. */
export function nextDay(isoDay: string): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Per region, poles whose `kind` date falls before `day` (marked `t`): the kept year rows before
 * its year, the kept month rows of its year before its month, and its own month's poles.
 */
export function keptBefore(workspaceId: string, t: number, kind: "due" | "inspected", day: string): SQL {
  const yearStarts = `${day.slice(0, 4)}-01-01`;
  const monthStarts = `${day.slice(0, 7)}-01`;
  const column = kind === "due" ? sql`finding_due_on` : sql`inspection_due_on`;
  return sql`SELECT region_lon, region_lat, ${t}::int AS t, poles AS n FROM utility_pole_region_dates
      WHERE workspace_id = ${workspaceId} AND kind = ${kind} AND span = 'year' AND starts < ${yearStarts}::date
    UNION ALL
    SELECT region_lon, region_lat, ${t}::int, poles FROM utility_pole_region_dates
      WHERE workspace_id = ${workspaceId} AND kind = ${kind} AND span = 'month'
        AND starts >= ${yearStarts}::date AND starts < ${monthStarts}::date
    UNION ALL
    SELECT region_lon, region_lat, ${t}::int, 1 FROM utility_poles
      WHERE workspace_id = ${workspaceId} AND ${column} >= ${monthStarts}::date AND ${column} < ${day}::date`;
}

/** Per region, poles with no visit (marked `t`): counted at 'infinity' in the kept year rows. */
export function keptWithoutVisit(workspaceId: string, t: number): SQL {
  return sql`SELECT region_lon, region_lat, ${t}::int AS t, poles AS n FROM utility_pole_region_dates
      WHERE workspace_id = ${workspaceId} AND kind = 'inspected' AND span = 'year' AND starts = 'infinity'::date`;
}
