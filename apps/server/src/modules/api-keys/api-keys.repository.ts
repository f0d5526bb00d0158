/** What a key's user is called and whether they still belong to the key's workspace. */
import { sql } from "drizzle-orm";
import type { Db } from "../../infra/db/database";

export function createApiKeysRepository(db: Db) {
  return {
    /**
     * The user's e-mail and stored role in the workspace (a team's member row, or "owner" in
     * their personal workspace); null when they are not (or no longer) in it.
     */
    async membership(userId: string, workspaceId: string): Promise<{ email: string; role: string } | null> {
      const res = await db.execute(
        sql`SELECT u.email, CASE WHEN ${workspaceId} = u.id THEN 'owner' ELSE m.role END AS role
              FROM "user" u
              LEFT JOIN member m ON m.user_id = u.id AND m.organization_id = ${workspaceId}
             WHERE u.id = ${userId} AND (${workspaceId} = u.id OR m.id IS NOT NULL)`,
      );
      return (res.rows[0] as { email: string; role: string } | undefined) ?? null;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
