/**
 * Every SQL statement about findings, inspection settings and their counts. A pole's roll-up of
 * its findings (worst open level, earliest open due date, last inspection) is kept on the pole by
 * triggers (drizzle/0018), so the counts here read poles, not findings.
 */
import { sql, type SQL } from "drizzle-orm";
import type { FindingLevel, InspectionSettings } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";
import { findingChangeQueries } from "./finding-changes.repository";
import { findingFlowQueries } from "./finding-flow.repository";
import { FINDING_COLUMNS, FINDING_FROM, POLE_TAG, type FindingRow } from "./finding-columns";
import { findingIdsOf, listFindings, type FindingFilter } from "./finding-list";
import { keptBefore, keptWithoutVisit, nextDay } from "./region-dates";

export { POLE_TAG, type FindingFilter, type FindingRow };

export interface NewFinding {
  workspaceId: string;
  poleId: string;
  imageId: string | null;
  code: string;
  level: FindingLevel;
  notes: string | null;
  observedOn: string;
  dueOn: string;
  createdBy: string;
  measurementId: string | null;
}

export interface PoleInspectionRow {
  condition: "high" | "medium" | "low" | null;
  finding_due_on: string | null;
  last_inspected_on: string | null;
  inspection_due_on: string | null;
}

export interface RegionInspectionRow {
  region_lon: number;
  region_lat: number;
  overdue: number;
  inspection_due: number;
  inspection_overdue: number;
  inspection_never: number;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Inspection state of poles in SQL: the same thresholds as inspectionState() in packages/shared. */
function inspectionCounts(today: string, dueBy: string) {
  return sql`count(*) FILTER (WHERE p.inspection_due_on <= ${today}::date)::int AS inspection_overdue,
    count(*) FILTER (WHERE p.inspection_due_on > ${today}::date AND p.inspection_due_on <= ${dueBy}::date)::int AS inspection_due,
    count(*) FILTER (WHERE p.inspection_due_on IS NULL)::int AS inspection_never`;
}

export function createInspectionsRepository(db: Db) {
  return {
    ...findingChangeQueries(),
    /** The stored programme but its types (kept by the visits' repository). */
    async settings(workspaceId: string): Promise<Omit<InspectionSettings, "inspectionTypes"> | null> {
      const [row] = await rows<{
        codes: InspectionSettings["codes"];
        a1: number;
        a2: number;
        a3: number;
        cycle: number;
      }>(
        db,
        sql`SELECT codes, allowance_days_1 AS a1, allowance_days_2 AS a2, allowance_days_3 AS a3, cycle_years AS cycle
            FROM workspace_inspection_settings WHERE workspace_id = ${workspaceId}`,
      );
      return row
        ? { codes: row.codes, allowanceDays: { 1: row.a1, 2: row.a2, 3: row.a3 }, cycleYears: row.cycle }
        : null;
    },

    async saveSettings(
      tx: Executor,
      workspaceId: string,
      s: Omit<InspectionSettings, "inspectionTypes">,
    ): Promise<void> {
      await tx.execute(
        sql`INSERT INTO workspace_inspection_settings AS w
              (workspace_id, codes, allowance_days_1, allowance_days_2, allowance_days_3, cycle_years)
            VALUES (${workspaceId}, ${JSON.stringify(s.codes)}::jsonb, ${s.allowanceDays[1]}, ${s.allowanceDays[2]},
                    ${s.allowanceDays[3]}, ${s.cycleYears})
            ON CONFLICT (workspace_id) DO UPDATE SET codes = EXCLUDED.codes,
              allowance_days_1 = EXCLUDED.allowance_days_1, allowance_days_2 = EXCLUDED.allowance_days_2,
              allowance_days_3 = EXCLUDED.allowance_days_3, cycle_years = EXCLUDED.cycle_years, updated_at = now()`,
      );
    },

    async insert(tx: Executor, f: NewFinding): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO utility_pole_findings
              (workspace_id, pole_id, image_id, code, level, notes, observed_on, due_on, created_by, measurement_id)
            VALUES (${f.workspaceId}, ${f.poleId}::uuid, ${f.imageId}::uuid, ${f.code}, ${f.level}, ${f.notes},
                    ${f.observedOn}::date, ${f.dueOn}::date, ${f.createdBy}, ${f.measurementId}::uuid)
            RETURNING id::text AS id`,
      );
      if (!row) throw new Error("INSERT … RETURNING gave no finding");
      return row.id;
    },

    /** One finding of the workspace; `lock` holds its row until the transaction ends. */
    async find(workspaceId: string, id: string, tx: Executor = db, lock = false): Promise<FindingRow | null> {
      const [row] = await rows<FindingRow>(
        tx,
        sql`SELECT ${FINDING_COLUMNS} FROM ${FINDING_FROM}
            WHERE f.id = ${id}::uuid AND f.workspace_id = ${workspaceId} ${lock ? sql`FOR UPDATE OF f` : sql``}`,
      );
      return row ?? null;
    },

    /** The work list: a keyset page of a filter in one of its sorts. */
    list: (q: FindingFilter) => listFindings(db, q),
    /** The ids of a filter's findings (a bulk action's), at most `limit`. */
    idsOf: (q: FindingFilter) => findingIdsOf(db, q),

    /** Whether the user may be given work in the workspace: its owner (personal) or a member. */
    async isMember(workspaceId: string, userId: string, tx: Executor = db): Promise<boolean> {
      const found = await rows<{ ok: number }>(
        tx,
        sql`SELECT 1 AS ok WHERE ${userId} = ${workspaceId}
              OR EXISTS (SELECT 1 FROM member WHERE organization_id = ${workspaceId} AND user_id = ${userId})`,
      );
      return found.length > 0;
    },

    /** A pole's findings, newest first. */
    ofPole(poleId: string): Promise<FindingRow[]> {
      return rows<FindingRow>(
        db,
        sql`SELECT ${FINDING_COLUMNS} FROM ${FINDING_FROM}
            WHERE f.pole_id = ${poleId}::uuid ORDER BY f.observed_on DESC, f.created_at DESC, f.id DESC`,
      );
    },

    async poleInspection(poleId: string): Promise<PoleInspectionRow | null> {
      const [row] = await rows<PoleInspectionRow>(
        db,
        sql`SELECT condition, finding_due_on::text AS finding_due_on, last_inspected_on::text AS last_inspected_on,
              inspection_due_on::text AS inspection_due_on
            FROM utility_poles WHERE id = ${poleId}::uuid`,
      );
      return row ?? null;
    },

    /**
     * Per region: poles with an overdue finding, poles due and overdue for inspection and poles
     * with none on record, from the kept counts by year and month (utility_pole_region_dates) plus
     * each threshold's own month.
     */
    regionCounts(workspaceId: string, today: string, dueBy: string) {
      const before = (t: number, kind: "due" | "inspected", day: string) =>
        keptBefore(workspaceId, t, kind, day);
      return rows<RegionInspectionRow>(
        db,
        sql`SELECT region_lon, region_lat,
              coalesce(sum(n) FILTER (WHERE t = 0), 0)::int AS overdue,
              coalesce(sum(n) FILTER (WHERE t = 1), 0)::int AS inspection_overdue,
              (coalesce(sum(n) FILTER (WHERE t = 2), 0) - coalesce(sum(n) FILTER (WHERE t = 1), 0))::int AS inspection_due,
              coalesce(sum(n) FILTER (WHERE t = 3), 0)::int AS inspection_never
            FROM (${before(0, "due", today)}
                  UNION ALL ${before(1, "inspected", nextDay(today))}
                  UNION ALL ${before(2, "inspected", nextDay(dueBy))}
                  UNION ALL ${keptWithoutVisit(workspaceId, 3)}) x
            GROUP BY region_lon, region_lat`,
      );
    },

    /**
     * Counts by level: open, overdue, resolved since `resolvedSince`; poles by inspection state;
     * findings opened and closed per month since the first month's first day; open ones by age.
     */
    async summary(
      workspaceId: string,
      region: { longitude: number; latitude: number } | undefined,
      dates: {
        today: string;
        resolvedSince: string;
        dueBy: string;
        monthEnds: string[];
      },
    ) {
      const inRegion = region
        ? sql`AND p.region_lon = ${region.longitude}::float8 AND p.region_lat = ${region.latitude}::float8`
        : sql``;
      const levels = await rows<{ level: number; open: number; overdue: number; resolved: number }>(
        db,
        sql`SELECT f.level::int AS level,
              count(*) FILTER (WHERE f.status = 'open')::int AS open,
              count(*) FILTER (WHERE f.status = 'open' AND f.due_on < ${dates.today}::date)::int AS overdue,
              count(*) FILTER (WHERE f.status = 'resolved' AND f.resolved_on > ${dates.resolvedSince}::date)::int AS resolved
            FROM utility_pole_findings f JOIN utility_poles p ON p.id = f.pole_id
            WHERE f.workspace_id = ${workspaceId} ${inRegion} GROUP BY f.level`,
      );
      const [inspection] = await rows<{
        total: number;
        inspection_due: number;
        inspection_overdue: number;
        inspection_never: number;
      }>(
        db,
        sql`SELECT count(*)::int AS total, ${inspectionCounts(dates.today, dates.dueBy)}
            FROM utility_poles p WHERE p.workspace_id = ${workspaceId} ${inRegion}`,
      );
      const months = sql.join(
        dates.monthEnds.map((m) => sql`${m}::date`),
        sql`, `,
      );
      const byMonth = await rows<{ month_end: string; level: number; n: number }>(
        db,
        sql`SELECT m.d::text AS month_end, f.level::int AS level, count(*)::int AS n
            FROM unnest(ARRAY[${months}]) AS m(d)
            JOIN utility_pole_findings f ON f.observed_on <= m.d AND (f.resolved_on IS NULL OR f.resolved_on > m.d)
            JOIN utility_poles p ON p.id = f.pole_id
            WHERE f.workspace_id = ${workspaceId} ${inRegion}
            GROUP BY m.d, f.level`,
      );
      const flow = findingFlowQueries(db);
      const firstDay = `${dates.monthEnds[0]!.slice(0, 7)}-01`;
      const [flowByMonth, ageing] = await Promise.all([
        flow.flowByMonth(workspaceId, inRegion, firstDay, dates.today),
        flow.ageing(workspaceId, inRegion, dates.today),
      ]);
      return { levels, inspection, byMonth, flowByMonth, ageing };
    },

    /** The team's name; null for a personal workspace. */
    async teamName(workspaceId: string): Promise<string | null> {
      const [row] = await rows<{ name: string }>(
        db,
        sql`SELECT name FROM organization WHERE id = ${workspaceId}`,
      );
      return row?.name ?? null;
    },
  };
}

export type InspectionsRepository = ReturnType<typeof createInspectionsRepository>;
