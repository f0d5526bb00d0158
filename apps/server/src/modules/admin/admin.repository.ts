/** Members' usage and quotas, for team administrators. */
import { sql } from "drizzle-orm";
import { STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import type { Db } from "../../infra/db/database";

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: string;
  used_bytes: number;
  quota_bytes: number;
}

export function createAdminRepository(db: Db) {
  return {
    /** The organization's members by e-mail, with what they use (in every workspace) and may use. */
    async members(organizationId: string): Promise<MemberRow[]> {
      const res = await db.execute(
        sql`SELECT u.id AS user_id, u.email, u.name, m.role,
                   COALESCE(usage.used_bytes, 0)::float8 AS used_bytes,
                   COALESCE(u.quota_bytes, ${STORAGE_QUOTA_BYTES})::float8 AS quota_bytes
            FROM member m
            JOIN "user" u ON u.id = m.user_id
            LEFT JOIN utility_pole_usage usage ON usage.user_id = u.id
            WHERE m.organization_id = ${organizationId}
            ORDER BY lower(u.email)`,
      );
      return res.rows as unknown as MemberRow[];
    },

    /** The caller's stored roles in every team they share with `userId`. */
    async callerRolesOver(callerId: string, userId: string): Promise<string[]> {
      const res = await db.execute(
        sql`SELECT mine.role FROM member mine
            JOIN member theirs ON theirs.organization_id = mine.organization_id
            WHERE mine.user_id = ${callerId} AND theirs.user_id = ${userId}`,
      );
      return (res.rows as { role: string }[]).map((r) => r.role);
    },

    /** The quota in force (null when the user does not exist). */
    async quotaOf(userId: string): Promise<number | null> {
      const res = await db.execute(
        sql`SELECT COALESCE(quota_bytes, ${STORAGE_QUOTA_BYTES})::float8 AS quota FROM "user" WHERE id = ${userId}`,
      );
      const row = res.rows[0] as { quota: number } | undefined;
      return row ? row.quota : null;
    },

    async setQuota(userId: string, quotaBytes: number): Promise<void> {
      await db.execute(sql`UPDATE "user" SET quota_bytes = ${quotaBytes} WHERE id = ${userId}`);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
