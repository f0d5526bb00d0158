/**
 * Every SQL statement about inspection visits and the workspace's inspection types. A pole's last
 * visit and the day its inspection falls due are kept on the pole by triggers (drizzle/0027).
 */
import { sql, type SQL } from "drizzle-orm";
import type { InspectionType, VisitResult, VisitSource } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";
import { POLE_TAG } from "./inspections.repository";

export interface VisitRow {
  id: string;
  pole_id: string;
  pole_tag: string;
  type: string;
  inspected_on: string;
  inspector: string | null;
  result: VisitResult | null;
  notes: string | null;
  finding_ids: string[];
  image_ids: string[];
  source: VisitSource;
  created_by: string | null;
  created_at: string;
}

export interface NewVisit {
  workspaceId: string;
  poleId: string;
  type: string;
  inspectedOn: string;
  inspector: string | null;
  result: VisitResult;
  notes: string | null;
  findingIds: string[];
  imageIds: string[];
  source: VisitSource;
  createdBy: string;
}

/** Newest first: by the day inspected, then the moment recorded, then id. */
export interface VisitKey {
  inspectedOn: string;
  createdAt: string;
  id: string;
}

export interface VisitFilter {
  workspaceId: string;
  from?: string;
  to?: string;
  type?: string;
  before?: VisitKey;
  limit: number;
}

const COLUMNS = sql`v.id::text AS id, v.pole_id::text AS pole_id, ${POLE_TAG} AS pole_tag, v.type,
  v.inspected_on::text AS inspected_on, v.inspector, v.result, v.notes,
  v.finding_ids::text[] AS finding_ids, v.image_ids::text[] AS image_ids, v.source, v.created_by,
  to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at`;
const FROM = sql`utility_pole_visits v JOIN utility_poles p ON p.id = v.pole_id`;
const NEWEST_FIRST = sql`ORDER BY v.inspected_on DESC, v.created_at DESC, v.id DESC`;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const uuids = (ids: string[]) =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;

export function createVisitsRepository(db: Db) {
  return {
    async types(workspaceId: string): Promise<InspectionType[] | null> {
      const [row] = await rows<{ types: InspectionType[] }>(
        db,
        sql`SELECT types FROM workspace_inspection_types WHERE workspace_id = ${workspaceId}`,
      );
      return row?.types ?? null;
    },

    /** Saving the types recomputes the workspace's poles' due days (a trigger, drizzle/0027). */
    async saveTypes(tx: Executor, workspaceId: string, types: InspectionType[]): Promise<void> {
      await tx.execute(
        sql`INSERT INTO workspace_inspection_types AS w (workspace_id, types)
            VALUES (${workspaceId}, ${JSON.stringify(types)}::jsonb)
            ON CONFLICT (workspace_id) DO UPDATE SET types = EXCLUDED.types, updated_at = now()
            WHERE w.types IS DISTINCT FROM EXCLUDED.types`,
      );
    },

    /** Which of these type codes have visits in the workspace. */
    async typesInUse(workspaceId: string, codes: string[]): Promise<string[]> {
      if (codes.length === 0) return [];
      const list = sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      );
      const found = await rows<{ type: string }>(
        db,
        sql`SELECT DISTINCT type FROM utility_pole_visits
            WHERE workspace_id = ${workspaceId} AND type IN (${list})`,
      );
      return found.map((r) => r.type);
    },

    async insert(tx: Executor, v: NewVisit): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, inspector, result,
              notes, finding_ids, image_ids, source, created_by)
            VALUES (${v.workspaceId}, ${v.poleId}::uuid, ${v.type}, ${v.inspectedOn}::date, ${v.inspector},
              ${v.result}, ${v.notes}, ${uuids(v.findingIds)}, ${uuids(v.imageIds)}, ${v.source}, ${v.createdBy})
            RETURNING id::text AS id`,
      );
      if (!row) throw new Error("INSERT … RETURNING gave no visit");
      return row.id;
    },

    async find(workspaceId: string, id: string): Promise<VisitRow | null> {
      const [row] = await rows<VisitRow>(
        db,
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE v.id = ${id}::uuid AND v.workspace_id = ${workspaceId}`,
      );
      return row ?? null;
    },

    ofPole(workspaceId: string, poleId: string): Promise<VisitRow[]> {
      return rows<VisitRow>(
        db,
        sql`SELECT ${COLUMNS} FROM ${FROM}
            WHERE v.pole_id = ${poleId}::uuid AND v.workspace_id = ${workspaceId} ${NEWEST_FIRST}`,
      );
    },

    list(q: VisitFilter): Promise<VisitRow[]> {
      const where: SQL[] = [sql`v.workspace_id = ${q.workspaceId}`];
      if (q.from !== undefined) where.push(sql`v.inspected_on >= ${q.from}::date`);
      if (q.to !== undefined) where.push(sql`v.inspected_on <= ${q.to}::date`);
      if (q.type !== undefined) where.push(sql`v.type = ${q.type}`);
      if (q.before) {
        where.push(
          sql`(v.inspected_on, v.created_at, v.id) < (${q.before.inspectedOn}::date, ${q.before.createdAt}::timestamptz, ${q.before.id}::uuid)`,
        );
      }
      return rows<VisitRow>(
        db,
        sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${sql.join(where, sql` AND `)} ${NEWEST_FIRST} LIMIT ${q.limit}`,
      );
    },

    /** A pole's last visit day of each type it has visits of. */
    lastByType(workspaceId: string, poleId: string) {
      return rows<{ type: string; last_on: string }>(
        db,
        sql`SELECT type, max(inspected_on)::text AS last_on FROM utility_pole_visits
            WHERE workspace_id = ${workspaceId} AND pole_id = ${poleId}::uuid GROUP BY type`,
      );
    },

    /** How many of these ids are the pole's findings or photos (in its workspace). */
    async countOnPole(
      tx: Executor,
      of: "findings" | "photos",
      where: { workspaceId: string; poleId: string },
      ids: string[],
    ): Promise<number> {
      const table = sql.raw(of === "findings" ? "utility_pole_findings" : "utility_pole_images");
      const [row] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM ${table}
            WHERE workspace_id = ${where.workspaceId} AND pole_id = ${where.poleId}::uuid AND id = ANY(${uuids(ids)})`,
      );
      return row?.n ?? 0;
    },
  };
}

export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
