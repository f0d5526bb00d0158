/** The audit trail's rows (drizzle/0008_audit.sql): appended, read newest first, never changed. */
import { sql, type SQL } from "drizzle-orm";
import type { AuditAction, AuditEntry } from "@poleatlas/shared";
import type { Db } from "../../infra/db/database";
import type { Executor } from "../images/images.repository";

export interface NewAuditEntry {
  workspaceId: string;
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
}

export type AuditRow = AuditEntry & { id: string };

export function createAuditRepository(db: Db) {
  return {
    /** In the caller's transaction when given: the entry commits with the change, or neither does. */
    async record(e: NewAuditEntry, tx: Executor = db): Promise<void> {
      await tx.execute(
        sql`INSERT INTO audit_log (workspace_id, actor_id, actor_email, action, target_type, target_id, details)
            VALUES (${e.workspaceId}, ${e.actorId}, ${e.actorEmail}, ${e.action}, ${e.targetType}, ${e.targetId},
                    ${JSON.stringify(e.details)}::jsonb)`,
      );
    },

    /** Newest first: up to `limit` entries older than `beforeId` (from the newest without one). */
    async page(
      workspaceId: string,
      beforeId: string | null,
      limit: number,
      action: AuditAction | undefined,
    ): Promise<AuditRow[]> {
      const conditions: SQL[] = [sql`workspace_id = ${workspaceId}`];
      if (beforeId !== null) conditions.push(sql`id < ${beforeId}::bigint`);
      if (action) conditions.push(sql`action = ${action}`);
      const res = await db.execute(
        sql`SELECT id::text AS id,
                   to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
                   actor_id, actor_email, action, target_type, target_id, details
            FROM audit_log WHERE ${sql.join(conditions, sql` AND `)}
            -- Qualified: a bare id would sort the text output column ('9' after '10').
            ORDER BY audit_log.id DESC LIMIT ${limit}`,
      );
      return res.rows as unknown as AuditRow[];
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
