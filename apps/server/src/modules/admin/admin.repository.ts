/** Quotas, members' caps and usage, for instance administrators and team administrators. */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../infra/db/database";

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: string;
  /** Bytes of this member's photos in the team. */
  used_bytes: number;
  cap_bytes: number | null;
}

export function createAdminRepository(db: Db) {
  return {
    /** The organization's members by e-mail, with what their photos there use and their caps. */
    async members(organizationId: string): Promise<MemberRow[]> {
      const res = await db.execute(
        sql`SELECT u.id AS user_id, u.email, u.name, m.role,
                   COALESCE(usage.used_bytes, 0)::float8 AS used_bytes,
                   cap.cap_bytes::float8 AS cap_bytes
            FROM member m
            JOIN "user" u ON u.id = m.user_id
            LEFT JOIN utility_pole_workspace_usage usage
              ON usage.workspace_id = m.organization_id AND usage.user_id = m.user_id
            LEFT JOIN team_member_caps cap
              ON cap.organization_id = m.organization_id AND cap.user_id = m.user_id
            WHERE m.organization_id = ${organizationId}
            ORDER BY lower(u.email)`,
      );
      return res.rows as unknown as MemberRow[];
    },

    /** What a workspace's photos use (every uploader's) and the quota set for it (null: default). */
    async workspaceStorage(workspaceId: string): Promise<{ usedBytes: number; quotaBytes: number | null }> {
      const res = await db.execute(
        sql`SELECT COALESCE((SELECT sum(used_bytes) FROM utility_pole_workspace_usage
                             WHERE workspace_id = ${workspaceId}), 0)::float8 AS used,
                   (SELECT quota_bytes FROM workspace_quotas WHERE workspace_id = ${workspaceId})::float8 AS quota`,
      );
      const row = res.rows[0] as { used: number; quota: number | null } | undefined;
      return { usedBytes: row?.used ?? 0, quotaBytes: row?.quota ?? null };
    },

    /** Whether the user has confirmed their address (better-auth's email_verified). */
    async emailVerified(userId: string): Promise<boolean> {
      const res = await db.execute(sql`SELECT email_verified FROM "user" WHERE id = ${userId}`);
      const row = res.rows[0] as { email_verified: boolean } | undefined;
      return row?.email_verified === true;
    },

    /** Those of `emails` (lower-case) whose account exists and has not confirmed its address. */
    async unconfirmedOf(emails: string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const res = await db.execute(
        sql`SELECT lower(email) AS email FROM "user"
            WHERE lower(email) IN (${sql.join(
              emails.map((e) => sql`${e}`),
              sql`, `,
            )}) AND NOT email_verified ORDER BY 1`,
      );
      return (res.rows as { email: string }[]).map((r) => r.email);
    },

    transaction: <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(fn),

    /**
     * Locks the workspace's owner row (the user, or the organization) until the transaction ends,
     * so two changes of one quota are recorded in the order they happen; false: no such workspace.
     */
    async lockWorkspace(kind: "personal" | "team", workspaceId: string, tx: Executor): Promise<boolean> {
      const res = await tx.execute(
        kind === "personal"
          ? sql`SELECT 1 FROM "user" WHERE id = ${workspaceId} FOR UPDATE`
          : sql`SELECT 1 FROM organization WHERE id = ${workspaceId} FOR UPDATE`,
      );
      return res.rows.length > 0;
    },

    async quotaOf(workspaceId: string, tx: Executor): Promise<number | null> {
      const res = await tx.execute(
        sql`SELECT quota_bytes::float8 AS quota FROM workspace_quotas WHERE workspace_id = ${workspaceId}`,
      );
      return (res.rows[0] as { quota: number } | undefined)?.quota ?? null;
    },

    /** Sets the workspace's quota; null goes back to the default. */
    async setQuota(workspaceId: string, quotaBytes: number | null, tx: Executor): Promise<void> {
      await tx.execute(
        quotaBytes === null
          ? sql`DELETE FROM workspace_quotas WHERE workspace_id = ${workspaceId}`
          : sql`INSERT INTO workspace_quotas (workspace_id, quota_bytes) VALUES (${workspaceId}, ${quotaBytes})
                ON CONFLICT (workspace_id) DO UPDATE SET quota_bytes = EXCLUDED.quota_bytes, updated_at = now()`,
      );
    },

    /** The member's stored role and cap, their membership row locked (null: not a member). */
    async memberForCap(
      organizationId: string,
      userId: string,
      tx: Executor,
    ): Promise<{ role: string; email: string; cap: number | null } | null> {
      const res = await tx.execute(
        sql`SELECT m.role, u.email, cap.cap_bytes::float8 AS cap
            FROM member m
            JOIN "user" u ON u.id = m.user_id
            LEFT JOIN team_member_caps cap ON cap.organization_id = m.organization_id AND cap.user_id = m.user_id
            WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}
            FOR UPDATE OF m`,
      );
      return (res.rows[0] as { role: string; email: string; cap: number | null } | undefined) ?? null;
    },

    /** Sets the member's cap inside the team's pool; null removes it. */
    async setCap(
      organizationId: string,
      userId: string,
      capBytes: number | null,
      tx: Executor,
    ): Promise<void> {
      await tx.execute(
        capBytes === null
          ? sql`DELETE FROM team_member_caps WHERE organization_id = ${organizationId} AND user_id = ${userId}`
          : sql`INSERT INTO team_member_caps (organization_id, user_id, cap_bytes)
                VALUES (${organizationId}, ${userId}, ${capBytes})
                ON CONFLICT (organization_id, user_id) DO UPDATE SET cap_bytes = EXCLUDED.cap_bytes, updated_at = now()`,
      );
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
