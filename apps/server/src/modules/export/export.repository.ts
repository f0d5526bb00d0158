/**
 * The export's queries (the photos, poles and findings layers), read through a server-side cursor: FETCH batches inside a read-only
 * transaction, so a million rows never sit in memory at once (neither here nor in node-postgres).
 */
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { ExportRisk, Risk } from "@poleatlas/shared";
import type { Executor } from "../../infra/db/database";
import { inRegion, listOrder } from "../photos/images.repository";
import { FINDING_COLUMNS, FINDING_FROM, type FindingRow } from "../inspections/finding-columns";
import { FINDING_SORT_KEYS, findingConditions, type FindingFilter } from "../inspections/finding-list";

/** Rows per FETCH: large enough to amortise the round trip, small enough to stay a few MB. */
export const EXPORT_BATCH_ROWS = 2000;

export interface ExportRow {
  id: string;
  name: string;
  date: string | null;
  latitude: number | null;
  longitude: number | null;
  pole_id: string | null;
  pole_tag: string | null;
  pole_label: string | null;
  risk: Risk | null;
  notes: string | null;
  uploaded_by: string | null;
  storage_key: string;
  /** Degrees from north the camera looked; null: unknown. */
  heading: number | null;
}

export interface ExportFilter {
  workspaceId: string;
  region?: { longitude: number; latitude: number };
  risk?: readonly ExportRisk[];
  from?: string;
  to?: string;
  unplaced?: boolean;
  /** Only photos with a position (KML has nothing to draw for the others). */
  placedOnly?: boolean;
  /** Pole by pole (KML folders), each pole's photos in list order. */
  byPole?: boolean;
}

const dialect = new PgDialect();

/** The risk filter: the listed levels, `unrated` for no risk. */
function riskIn(alias: string, risk: readonly ExportRisk[]): SQL {
  const column = sql.raw(`${alias}.risk`);
  const levels = risk.filter((r) => r !== "unrated");
  const any: SQL[] = [];
  if (levels.length > 0)
    any.push(
      sql`${column} IN (${sql.join(
        levels.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
  if (risk.includes("unrated")) any.push(sql`${column} IS NULL`);
  return sql`(${sql.join(any, sql` OR `)})`;
}

export function exportQuery(f: ExportFilter): SQL {
  const where: SQL[] = [sql`i.workspace_id = ${f.workspaceId}`];
  if (f.region) where.push(inRegion("i", f.region));
  if (f.risk) where.push(riskIn("i", f.risk));
  if (f.from) where.push(sql`i.date >= ${f.from}::date`);
  if (f.to) where.push(sql`i.date <= ${f.to}::date`);
  if (f.unplaced) where.push(sql`(i.latitude IS NULL OR i.longitude IS NULL)`);
  if (f.placedOnly) where.push(sql`i.latitude IS NOT NULL AND i.longitude IS NOT NULL`);
  const order = f.byPole ? sql`i.pole_id ASC NULLS LAST, ${listOrder("i")}` : listOrder("i");
  return sql`SELECT i.id::text AS id, i.name, i.date::text AS date, i.latitude, i.longitude,
                    i.pole_id::text AS pole_id, p.tag AS pole_tag, p.label AS pole_label, i.risk, i.notes,
                    u.email AS uploaded_by, i.storage_key, i.heading
             FROM utility_pole_images i
             LEFT JOIN utility_poles p ON p.id = i.pole_id
             LEFT JOIN "user" u ON u.id = i.user_id
             WHERE ${sql.join(where, sql` AND `)}
             ORDER BY ${order}`;
}

/** The poles layer: one row per pole of the workspace (and region, risk), by tag then id. */
export interface PoleExportRow {
  id: string;
  tag: string | null;
  label: string;
  latitude: number;
  longitude: number;
  material: string | null;
  height_m: number | null;
  class: string | null;
  installed_year: number | null;
  circuit: string | null;
  source: string;
  position_source: string;
  attributes: Record<string, string | number>;
  risk: Risk | null;
  photo_count: number;
  last_photo_date: string | null;
  last_visit_on: string | null;
  inspection_due_on: string | null;
  lean_deg: number | null;
  lean_toward_deg: number | null;
  /** "true" or "false" (null: never measured): the same text in every format. */
  lean_apparent: string | null;
  lean_measured_at: string | null;
}

export function poleExportQuery(f: Pick<ExportFilter, "workspaceId" | "region" | "risk">): SQL {
  const where: SQL[] = [sql`p.workspace_id = ${f.workspaceId}`];
  if (f.region) where.push(inRegion("p", f.region));
  if (f.risk) where.push(riskIn("p", f.risk));
  // The last photo's date through images_pole_idx (pole_id, date, ...): one index probe a pole.
  return sql`SELECT p.id::text AS id, p.tag, p.label, p.latitude, p.longitude, p.material, p.height_m,
                    p.class, p.installed_year, p.circuit, p.source, p.position_source, p.attributes, p.risk, p.photo_count,
                    (SELECT max(i.date)::text FROM utility_pole_images i WHERE i.pole_id = p.id) AS last_photo_date,
                    p.last_inspected_on::text AS last_visit_on, p.inspection_due_on::text AS inspection_due_on,
                    round(p.lean_deg::numeric, 2)::float8 AS lean_deg,
                    round(p.lean_toward_deg::numeric, 1)::float8 AS lean_toward_deg,
                    p.lean_apparent::text AS lean_apparent,
                    to_char(p.lean_measured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lean_measured_at
             FROM utility_poles p
             WHERE ${sql.join(where, sql` AND `)}
             ORDER BY lower(p.tag) COLLATE "C" NULLS LAST, p.id`;
}

/** A finding as the work list reads it, with its region's number ('Region N'; null: none yet). */
export type FindingExportRow = FindingRow & { region_number: number | null };

/** The findings of the work list's filter, in its sort (by pole tag without one). */
export function findingExportQuery(f: FindingFilter): SQL {
  const sort = f.sort && FINDING_SORT_KEYS[f.sort.field].key;
  const dir = sql.raw(f.sort?.descending ? "DESC" : "ASC");
  const order = sort
    ? sql`${sort} ${dir}, f.id ${dir}`
    : sql`lower(p.tag) COLLATE "C" NULLS LAST, p.id, f.observed_on, f.id`;
  return sql`SELECT ${FINDING_COLUMNS}, rn.number AS region_number
             FROM ${FINDING_FROM} LEFT JOIN utility_pole_region_numbers rn
               ON rn.workspace_id = f.workspace_id AND rn.region_lon = p.region_lon AND rn.region_lat = p.region_lat
             WHERE ${sql.join(findingConditions(f), sql` AND `)}
             ORDER BY ${order}`;
}

/** A query's rows through a server-side cursor, batch by batch, on one pooled connection. */
async function* cursor<T extends pg.QueryResultRow>(
  pool: pg.Pool,
  query: SQL,
  first?: (tx: Executor) => Promise<void>,
): AsyncGenerator<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  try {
    if (first) await first(drizzle(client));
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const res = await client.query<T>(`FETCH ${EXPORT_BATCH_ROWS} FROM export_rows`);
      if (res.rows.length === 0) break;
      yield res.rows;
      if (res.rows.length < EXPORT_BATCH_ROWS) break;
    }
  } finally {
    // A read-only transaction: ending it either way changes nothing. A connection whose
    // ROLLBACK fails is destroyed instead of going back to the pool mid-transaction.
    try {
      await client.query("ROLLBACK");
      client.release();
    } catch (err) {
      client.release(err instanceof Error ? err : true);
    }
  }
}

export function createExportRepository(pool: pg.Pool) {
  return {
    /** The attribute names the workspace's poles use, sorted: the poles layer's extra columns. */
    async poleAttributeNames(workspaceId: string): Promise<string[]> {
      const res = await pool.query<{ k: string }>(
        `SELECT DISTINCT jsonb_object_keys(attributes) AS k FROM utility_poles WHERE workspace_id = $1 ORDER BY k`,
        [workspaceId],
      );
      return res.rows.map((r) => r.k);
    },

    /**
     * The attributes whose every value is a number: a typed file (Shapefile, GeoPackage) gives
     * them a numeric column, so they import back as numbers.
     */
    async numericPoleAttributes(workspaceId: string): Promise<Set<string>> {
      const res = await pool.query<{ k: string }>(
        `SELECT e.k FROM utility_poles p, jsonb_each(p.attributes) AS e(k, v)
          WHERE p.workspace_id = $1 GROUP BY e.k HAVING bool_and(jsonb_typeof(e.v) = 'number')`,
        [workspaceId],
      );
      return new Set(res.rows.map((r) => r.k));
    },

    /** The findings layer's rows in batches; as `batches`. */
    findingBatches(
      f: FindingFilter,
      first?: (tx: Executor) => Promise<void>,
    ): AsyncGenerator<FindingExportRow[]> {
      return cursor<FindingExportRow>(pool, findingExportQuery(f), first);
    },

    /** The poles layer's rows in batches; as `batches`. */
    poleBatches(
      f: Pick<ExportFilter, "workspaceId" | "region" | "risk">,
      first?: (tx: Executor) => Promise<void>,
    ): AsyncGenerator<PoleExportRow[]> {
      return cursor<PoleExportRow>(pool, poleExportQuery(f), first);
    },

    /**
     * The matching rows in batches. Holds one pooled connection until the caller stops iterating
     * (end, error or `return()` when the client goes away); the transaction then ends and the
     * connection goes back. `first` runs on that same connection before the read begins, and
     * commits on its own (the audit entry: an export never needs a second connection).
     */
    batches(f: ExportFilter, first?: (tx: Executor) => Promise<void>): AsyncGenerator<ExportRow[]> {
      return cursor<ExportRow>(pool, exportQuery(f), first);
    },

    /** The team's slug for the file name; null for a personal workspace. */
    async workspaceSlug(workspaceId: string): Promise<string | null> {
      const res = await pool.query<{ slug: string }>(`SELECT slug FROM organization WHERE id = $1`, [
        workspaceId,
      ]);
      return res.rows[0]?.slug ?? null;
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
