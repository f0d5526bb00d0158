/** Members' usage and quotas, for team administrators. */
import { sql } from "drizzle-orm";
import { STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import type { Db } from "../../infra/db/database";
import type { Executor } from "../images/images.repository";

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

    /** `userId`'s stored role in the team, null when not a member. */
    async roleIn(organizationId: string, userId: string): Promise<string | null> {
      const res = await db.execute(
        sql`SELECT role FROM member WHERE organization_id = ${organizationId} AND user_id = ${userId}`,
      );
      const row = res.rows[0] as { role: string } | undefined;
      return row ? row.role : null;
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

    /** The quota in force, the row locked until the transaction ends (null: no such user). */
    async quotaOf(userId: string, tx: Executor): Promise<number | null> {
      const res = await tx.execute(
        sql`SELECT COALESCE(quota_bytes, ${STORAGE_QUOTA_BYTES})::float8 AS quota FROM "user"
            WHERE id = ${userId} FOR UPDATE`,
      );
      const row = res.rows[0] as { quota: number } | undefined;
      return row ? row.quota : null;
    },

    async setQuota(userId: string, quotaBytes: number, tx: Executor): Promise<void> {
      await tx.execute(sql`UPDATE "user" SET quota_bytes = ${quotaBytes} WHERE id = ${userId}`);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
