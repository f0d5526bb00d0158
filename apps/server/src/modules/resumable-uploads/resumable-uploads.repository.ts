/** Every SQL statement about resumable uploads (drizzle/0022). */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../infra/db/database";

export interface ResumableUploadRow {
  id: string;
  workspace_id: string;
  user_id: string;
  length: number;
  finished: boolean;
  image_id: string | null;
  duplicate: boolean;
  error_status: number | null;
  error_code: string | null;
  error_message: string | null;
}

/** How a finished upload ended: a photo (maybe the one already stored), or a refusal. */
export type ResumableOutcome =
  { imageId: string; duplicate: boolean } | { status: number; code: string; message: string };

export function createResumableUploadsRepository(db: Db) {
  return {
    /** Bytes the open uploads of this workspace hold, all of them and this member's. */
    async held(tx: Executor, workspaceId: string, userId: string): Promise<{ all: number; member: number }> {
      const res = await tx.execute(sql`
        SELECT coalesce(sum(length), 0)::float8 AS all,
               coalesce(sum(length) FILTER (WHERE user_id = ${userId}), 0)::float8 AS member
        FROM resumable_uploads WHERE workspace_id = ${workspaceId} AND finished_at IS NULL`);
      const row = res.rows[0] as { all: number; member: number };
      return { all: Number(row.all), member: Number(row.member) };
    },

    /** The user's open uploads, in every workspace. */
    async openCount(tx: Executor, userId: string): Promise<number> {
      const res = await tx.execute(sql`
        SELECT count(*)::int AS n FROM resumable_uploads WHERE user_id = ${userId} AND finished_at IS NULL`);
      return Number((res.rows[0] as { n: number }).n);
    },

    async insert(tx: Executor, row: { id: string; workspaceId: string; userId: string; length: number }) {
      await tx.execute(sql`
        INSERT INTO resumable_uploads (id, workspace_id, user_id, length)
        VALUES (${row.id}::uuid, ${row.workspaceId}, ${row.userId}, ${row.length})`);
    },

    async find(id: string): Promise<ResumableUploadRow | null> {
      const res = await db.execute(sql`
        SELECT id, workspace_id, user_id, length::float8 AS length, finished_at IS NOT NULL AS finished,
               image_id, duplicate, error_status, error_code, error_message
        FROM resumable_uploads WHERE id = ${id}::uuid`);
      const row = res.rows[0] as ResumableUploadRow | undefined;
      return row ? { ...row, length: Number(row.length) } : null;
    },

    /** An open upload ended by its client (termination): its hold goes with it. */
    async removeOpen(id: string): Promise<void> {
      await db.execute(sql`DELETE FROM resumable_uploads WHERE id = ${id}::uuid AND finished_at IS NULL`);
    },

    /** Records the outcome once; false when another request recorded it first. */
    async finish(id: string, outcome: ResumableOutcome): Promise<boolean> {
      const set =
        "imageId" in outcome
          ? sql`image_id = ${outcome.imageId}::uuid, duplicate = ${outcome.duplicate}`
          : sql`error_status = ${outcome.status}, error_code = ${outcome.code}, error_message = ${outcome.message}`;
      const res = await db.execute(sql`
        UPDATE resumable_uploads SET finished_at = now(), ${set}
        WHERE id = ${id}::uuid AND finished_at IS NULL`);
      return (res.rowCount ?? 0) > 0;
    },
  };
}

export type ResumableUploadsRepository = ReturnType<typeof createResumableUploadsRepository>;
