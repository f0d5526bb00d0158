/** Memberships as better-auth's organization plugin stores them (tables in drizzle/0007). */
import { sql } from "drizzle-orm";
import type { Db } from "../../infra/db/database";

export interface TeamRow {
  id: string;
  name: string;
  role: string;
  /** The team's first owner, and its creation day: what tells two teams of one name apart. */
  owner_email: string | null;
  created_on: string;
}

export function createWorkspacesRepository(db: Db) {
  return {
    /** The member's stored role in this organization, or null for a non-member. */
    async roleIn(userId: string, organizationId: string): Promise<string | null> {
      const res = await db.execute(
        sql`SELECT role FROM member WHERE user_id = ${userId} AND organization_id = ${organizationId}`,
      );
      const row = res.rows[0] as { role: string } | undefined;
      return row?.role ?? null;
    },

    /** The teams the user belongs to, by name. */
    async teamsOf(userId: string): Promise<TeamRow[]> {
      const res = await db.execute(
        sql`SELECT o.id, o.name, m.role, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created_on,
              (SELECT u.email FROM member f JOIN "user" u ON u.id = f.user_id
                WHERE f.organization_id = o.id AND f.role LIKE '%owner%'
                ORDER BY f.created_at, f.id LIMIT 1) AS owner_email
            FROM member m JOIN organization o ON o.id = m.organization_id
            WHERE m.user_id = ${userId} ORDER BY lower(o.name), o.created_at, o.id`,
      );
      return res.rows as unknown as TeamRow[];
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
