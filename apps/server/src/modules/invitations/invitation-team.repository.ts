/** The one read the invitation link's preview needs: the team of a pending, unexpired invitation. */
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { invitation, organization } from "../../infra/db/schema";

export function createInvitationTeamRepository(db: Db) {
  return {
    /** The team's name, or undefined when the invitation is unknown, spent or expired at `now`. */
    async pendingTeamName(id: string, now: Date): Promise<string | undefined> {
      const rows = await db
        .select({ name: organization.name })
        .from(invitation)
        .innerJoin(organization, eq(organization.id, invitation.organizationId))
        .where(and(eq(invitation.id, id), eq(invitation.status, "pending"), gt(invitation.expiresAt, now)))
        .limit(1);
      return rows[0]?.name;
    },
  };
}

export type InvitationTeamRepository = ReturnType<typeof createInvitationTeamRepository>;
