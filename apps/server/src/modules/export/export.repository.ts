/**
 * The export's one query, read through a server-side cursor: FETCH batches inside a read-only
 * transaction, so a million rows never sit in memory at once (neither here nor in node-postgres).
 */
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { ExportRisk, Risk } from "@poleatlas/shared";
import { inRegion, listOrder, type Executor } from "../images/images.repository";

/** Rows per FETCH: large enough to amortise the round trip, small enough to stay a few MB. */
export const EXPORT_BATCH_ROWS = 2000;

export interface ExportRow {
  id: string;
  name: string;
  date: string | null;
  latitude: number | null;
  longitude: number | null;
  pole_id: string | null;
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

export function exportQuery(f: ExportFilter): SQL {
  const where: SQL[] = [sql`i.workspace_id = ${f.workspaceId}`];
  if (f.region) where.push(inRegion("i", f.region));
  if (f.risk) {
    const levels = f.risk.filter((r) => r !== "unrated");
    const any: SQL[] = [];
    if (levels.length > 0)
      any.push(
        sql`i.risk IN (${sql.join(
          levels.map((r) => sql`${r}`),
          sql`, `,
        )})`,
      );
    if (f.risk.includes("unrated")) any.push(sql`i.risk IS NULL`);
    where.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  if (f.from) where.push(sql`i.date >= ${f.from}::date`);
  if (f.to) where.push(sql`i.date <= ${f.to}::date`);
  if (f.unplaced) where.push(sql`(i.latitude IS NULL OR i.longitude IS NULL)`);
  if (f.placedOnly) where.push(sql`i.latitude IS NOT NULL AND i.longitude IS NOT NULL`);
  const order = f.byPole ? sql`i.pole_id ASC NULLS LAST, ${listOrder("i")}` : listOrder("i");
  return sql`SELECT i.id::text AS id, i.name, i.date::text AS date, i.latitude, i.longitude,
                    i.pole_id::text AS pole_id, p.label AS pole_label, i.risk, i.notes,
                    u.email AS uploaded_by, i.storage_key, i.heading
             FROM utility_pole_images i
             LEFT JOIN utility_poles p ON p.id = i.pole_id
             LEFT JOIN "user" u ON u.id = i.user_id
             WHERE ${sql.join(where, sql` AND `)}
             ORDER BY ${order}`;
}

export function createExportRepository(pool: pg.Pool) {
  return {
    /**
     * The matching rows in batches. Holds one pooled connection until the caller stops iterating
     * (end, error or `return()` when the client goes away); the transaction then ends and the
     * connection goes back. `first` runs on that same connection before the read begins, and
     * commits on its own (the audit entry: an export never needs a second connection).
     */
    async *batches(f: ExportFilter, first?: (tx: Executor) => Promise<void>): AsyncGenerator<ExportRow[]> {
      const { sql: text, params } = dialect.sqlToQuery(exportQuery(f));
      const client = await pool.connect();
      try {
        if (first) await first(drizzle(client));
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${text}`, params);
        for (;;) {
          const res = await client.query<ExportRow>(`FETCH ${EXPORT_BATCH_ROWS} FROM export_rows`);
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
