/**
 * The export's queries (the photos, poles and findings layers), read through a server-side cursor: FETCH batches inside a read-only
 * transaction, so a million rows never sit in memory at once (neither here nor in node-postgres).
 */
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { ConditionSource, ExportRisk, Risk } from "@poleatlas/shared";
import type { Executor } from "../../infra/db/database";
import { inRegion, listOrder } from "../photos/images.repository";
import {
  attributeNamesQuery,
  CONDITION_SOURCE,
  inspectionTypesQuery,
  poleExportQuery,
  poleRowOf,
  riskIn,
  type AttributeName,
  type PoleExportRow,
} from "./pole-rows";
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
  /** The photo's pole as the map colours it; null without a pole (or unrated). */
  pole_condition: Risk | null;
  pole_condition_source: ConditionSource | null;
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

export function exportQuery(f: ExportFilter): SQL {
  const where: SQL[] = [sql`i.workspace_id = ${f.workspaceId}`];
  if (f.region) where.push(inRegion("i", f.region));
  if (f.risk) where.push(riskIn(sql`i.risk`, f.risk));
  if (f.from) where.push(sql`i.date >= ${f.from}::date`);
  if (f.to) where.push(sql`i.date <= ${f.to}::date`);
  if (f.unplaced) where.push(sql`(i.latitude IS NULL OR i.longitude IS NULL)`);
  if (f.placedOnly) where.push(sql`i.latitude IS NOT NULL AND i.longitude IS NOT NULL`);
  const order = f.byPole ? sql`i.pole_id ASC NULLS LAST, ${listOrder("i")}` : listOrder("i");
  return sql`SELECT i.id::text AS id, i.name, i.date::text AS date, i.latitude, i.longitude,
                    i.pole_id::text AS pole_id, p.tag AS pole_tag, p.label AS pole_label, i.risk, i.notes,
                    u.email AS uploaded_by, i.storage_key, i.heading,
                    p.condition AS pole_condition, ${CONDITION_SOURCE} AS pole_condition_source
             FROM utility_pole_images i
             LEFT JOIN utility_poles p ON p.id = i.pole_id
             LEFT JOIN "user" u ON u.id = i.user_id
             WHERE ${sql.join(where, sql` AND `)}
             ORDER BY ${order}`;
}

/** A finding as the work list reads it, with its region's number ('Region N'; null: none yet). */
export type FindingExportRow = FindingRow & {
  region_number: number | null;
  pole_condition: Risk | null;
  pole_condition_source: ConditionSource | null;
  pole_inspection_due_on: string | null;
};

/** The findings of the work list's filter, in its sort (by pole tag without one). */
export function findingExportQuery(f: FindingFilter): SQL {
  const sort = f.sort && FINDING_SORT_KEYS[f.sort.field].key;
  const dir = sql.raw(f.sort?.descending ? "DESC" : "ASC");
  const order = sort
    ? sql`${sort} ${dir}, f.id ${dir}`
    : sql`lower(p.tag) COLLATE "C" NULLS LAST, p.id, f.observed_on, f.id`;
  return sql`SELECT ${FINDING_COLUMNS}, rn.number AS region_number, p.condition AS pole_condition,
                    ${CONDITION_SOURCE} AS pole_condition_source, p.inspection_due_on::text AS pole_inspection_due_on
             FROM ${FINDING_FROM} LEFT JOIN utility_pole_region_numbers rn
               ON rn.workspace_id = f.workspace_id AND rn.region_lon = p.region_lon AND rn.region_lat = p.region_lat
             WHERE ${sql.join(findingConditions(f), sql` AND `)}
             ORDER BY ${order}`;
}

/** A query's rows through a server-side cursor, batch by batch, on one pooled connection. */
async function* cursor<T extends pg.QueryResultRow, R = T>(
  pool: pg.Pool,
  query: SQL,
  first?: (tx: Executor) => Promise<void>,
  shape: (row: T) => R = (row) => row as unknown as R,
): AsyncGenerator<R[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  try {
    if (first) await first(drizzle(client));
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const res = await client.query<T>(`FETCH ${EXPORT_BATCH_ROWS} FROM export_rows`);
      if (res.rows.length === 0) break;
      yield res.rows.map(shape);
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
    /**
     * The attribute names the workspace's poles use, sorted, each with how many poles have it and
     * whether its every value is a number (a typed file gives those a numeric column).
     */
    async poleAttributes(workspaceId: string): Promise<AttributeName[]> {
      const { sql: text, params } = dialect.sqlToQuery(attributeNamesQuery(workspaceId));
      return (await pool.query<AttributeName>(text, params)).rows;
    },

    /** The workspace's inspection type codes: the poles layer has columns for each. */
    async inspectionTypes(workspaceId: string): Promise<string[]> {
      const { sql: text, params } = dialect.sqlToQuery(inspectionTypesQuery(workspaceId));
      return (await pool.query<{ code: string }>(text, params)).rows.map((r) => r.code);
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
      return cursor(pool, poleExportQuery(f), first, poleRowOf);
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
