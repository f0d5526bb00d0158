/** Every SQL statement about attachments, and the pole positions their spans are measured between. */
import { sql, type SQL } from "drizzle-orm";
import type { PoleAttachmentKind, Span } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";

/** An attachment as stored, under the API's names (`tension_kN`, `rated_kN`). */
export interface AttachmentRow {
  id: string;
  workspace_id: string;
  pole_id: string;
  kind: PoleAttachmentKind;
  owner: string | null;
  height_m: number | null;
  measurement_id: string | null;
  diameter_mm: number | null;
  tension_kN: number | null;
  spans: Span[];
  anchor_distance_m: number | null;
  bearing_deg: number | null;
  rated_kN: number | null;
  weight_kg: number | null;
  area_m2: number | null;
  version: number;
  created_at: string;
  updated_at: string | null;
}

/** The fields a POST or PATCH writes, by their API names. */
export type AttachmentFields = Partial<
  Omit<AttachmentRow, "id" | "workspace_id" | "pole_id" | "version" | "created_at" | "updated_at">
>;

/** API name → column, for the two whose column is lower case. */
const COLUMN_OF: Record<string, string> = { tension_kN: "tension_kn", rated_kN: "rated_kn" };

const COLUMNS = sql.raw(`a.id::text AS id, a.workspace_id, a.pole_id::text AS pole_id, a.kind, a.owner,
  a.height_m, a.measurement_id::text AS measurement_id, a.diameter_mm, a.tension_kn AS "tension_kN",
  a.spans, a.anchor_distance_m, a.bearing_deg, a.rated_kn AS "rated_kN", a.weight_kg, a.area_m2,
  a.version, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at`);

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

function valueOf(column: string, value: unknown): SQL {
  if (column === "spans") return sql`${JSON.stringify(value)}::jsonb`;
  if (column === "measurement_id") return sql`${value}::uuid`;
  return sql`${value}`;
}

export function createAttachmentsRepository(db: Db) {
  return {
    /** The pole's attachments, lowest first (unknown heights last), then oldest first. */
    list(poleId: string, tx: Executor = db): Promise<AttachmentRow[]> {
      return rows<AttachmentRow>(
        tx,
        sql`SELECT ${COLUMNS} FROM pole_attachments a WHERE a.pole_id = ${poleId}::uuid
            ORDER BY a.height_m NULLS LAST, a.created_at, a.id`,
      );
    },

    /** The workspace's attachment, or null (another workspace's is as good as none); `lock`: FOR UPDATE. */
    async findOwned(workspaceId: string, id: string, tx: Executor = db, lock = false) {
      const [row] = await rows<AttachmentRow>(
        tx,
        sql`SELECT ${COLUMNS} FROM pole_attachments a
            WHERE a.id = ${id}::uuid AND a.workspace_id = ${workspaceId} ${lock ? sql`FOR UPDATE` : sql``}`,
      );
      return row ?? null;
    },

    async count(poleId: string, tx: Executor): Promise<number> {
      const [row] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM pole_attachments WHERE pole_id = ${poleId}::uuid`,
      );
      return row?.n ?? 0;
    },

    async insert(
      tx: Executor,
      row: { workspaceId: string; poleId: string; userId: string; fields: AttachmentFields },
    ): Promise<string> {
      const entries = Object.entries(row.fields).filter(([, v]) => v !== undefined);
      const columns = entries.map(([k]) => sql.identifier(COLUMN_OF[k] ?? k));
      const values = entries.map(([k, v]) => valueOf(k, v));
      const [made] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO pole_attachments (workspace_id, pole_id, created_by, ${sql.join(columns, sql`, `)})
            VALUES (${row.workspaceId}, ${row.poleId}::uuid, ${row.userId}, ${sql.join(values, sql`, `)})
            RETURNING id::text AS id`,
      );
      return made!.id;
    },

    /** Writes the given fields as `userId`, adding one to the version (the caller holds the row). */
    async update(tx: Executor, id: string, fields: AttachmentFields, userId: string): Promise<void> {
      const sets = Object.entries(fields).map(
        ([k, v]) => sql`${sql.identifier(COLUMN_OF[k] ?? k)} = ${valueOf(k, v)}`,
      );
      await tx.execute(
        sql`UPDATE pole_attachments SET ${sql.join(sets, sql`, `)}, version = version + 1,
              updated_at = now(), updated_by = ${userId}
            WHERE id = ${id}::uuid`,
      );
    },

    async remove(tx: Executor, id: string): Promise<void> {
      await tx.execute(sql`DELETE FROM pole_attachments WHERE id = ${id}::uuid`);
    },

    /** Where the workspace's poles among `ids` stand; poles of other workspaces are left out. */
    positions(workspaceId: string, ids: readonly string[], tx: Executor = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return rows<{ id: string; latitude: number; longitude: number }>(
        tx,
        sql`SELECT p.id::text AS id, p.latitude, p.longitude FROM utility_poles p
            WHERE p.workspace_id = ${workspaceId} AND p.id = ANY(${sql.param([...ids])}::uuid[])`,
      );
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;
