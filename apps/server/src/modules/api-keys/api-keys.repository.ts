/** Whether a key still stands, what its user is called and whether they still belong to its workspace. */
import { sql } from "drizzle-orm";
import type { Db } from "../../infra/db/database";

export function createApiKeysRepository(db: Db) {
  return {
    /**
     * The key's user's e-mail and stored role in the workspace (a team's member row, or "owner"
     * in their personal workspace); null when the key is gone (revoked), disabled or expired, or
     * its user is not (or no longer) in the workspace. One indexed read, made on every call.
     */
    async access(
      keyId: string,
      userId: string,
      workspaceId: string,
    ): Promise<{ email: string; role: string } | null> {
      const res = await db.execute(
        sql`SELECT u.email, CASE WHEN ${workspaceId} = u.id THEN 'owner' ELSE m.role END AS role
              FROM apikey k
              JOIN "user" u ON u.id = k.reference_id
              LEFT JOIN member m ON m.user_id = u.id AND m.organization_id = ${workspaceId}
             WHERE k.id = ${keyId} AND k.reference_id = ${userId}
               AND k.enabled IS NOT FALSE AND (k.expires_at IS NULL OR k.expires_at > now())
               AND (${workspaceId} = u.id OR m.id IS NOT NULL)`,
      );
      return (res.rows[0] as { email: string; role: string } | undefined) ?? null;
    },

    /** A key of `userId`'s: its name and what it is for (null when it is someone else's or gone). */
    async ownKey(
      id: string,
      userId: string,
    ): Promise<{ name: string | null; metadata: string | null } | null> {
      const res = await db.execute(
        sql`SELECT name, metadata FROM apikey WHERE id = ${id} AND reference_id = ${userId}`,
      );
      return (res.rows[0] as { name: string | null; metadata: string | null } | undefined) ?? null;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
