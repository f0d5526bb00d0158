/** The little SQL the auth module runs itself; everything else goes through better-auth. */
import { and, eq, like, lt, ne } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { invitation, member, rateLimit, userLastWorkspace, verification } from "../../infra/db/schema";

/** better-auth's status of an invitation an owner or admin withdrew. */
export const CANCELED = "canceled";

export interface CancelledInvitation {
  id: string;
  email: string;
  role: string | null;
}

/** better-auth's identifier prefix for password-reset tokens (kept in front of the hash). */
export const RESET_TOKEN_PREFIX = "reset-password:";

export function createAuthRepository(db: Db) {
  return {
    /** Prunes verification rows (reset tokens) that expired before `cutoff`. */
    async deleteVerificationsExpiredBefore(cutoff: Date): Promise<void> {
      await db.delete(verification).where(lt(verification.expiresAt, cutoff));
    },

    /**
     * Deletes the user's reset tokens (rows `reset-password:<hash>` whose value is the user id),
     * all of them or all but `exceptId`.
     */
    async deleteResetTokensOfUser(userId: string, exceptId?: string): Promise<void> {
      await db
        .delete(verification)
        .where(
          and(
            eq(verification.value, userId),
            like(verification.identifier, `${RESET_TOKEN_PREFIX}%`),
            exceptId === undefined ? undefined : ne(verification.id, exceptId),
          ),
        );
    },

    /** Notes the workspace the user just switched to (null: their personal one). */
    async rememberWorkspace(userId: string, workspaceId: string | null): Promise<void> {
      const values = { userId, workspaceId, updatedAt: new Date() };
      await db
        .insert(userLastWorkspace)
        .values(values)
        .onConflictDoUpdate({
          target: userLastWorkspace.userId,
          set: { workspaceId, updatedAt: values.updatedAt },
        });
    },

    /** The team the user last switched to, while they are still a member of it; else null. */
    async lastTeamOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: member.organizationId })
        .from(userLastWorkspace)
        .innerJoin(
          member,
          and(
            eq(member.userId, userLastWorkspace.userId),
            eq(member.organizationId, userLastWorkspace.workspaceId),
          ),
        )
        .where(eq(userLastWorkspace.userId, userId));
      return row?.id ?? null;
    },

    /** How many teams the user belongs to. */
    async teamsOf(userId: string): Promise<number> {
      return db.$count(member, eq(member.userId, userId));
    },

    /** Cancels the team's pending invitations sent by `inviterId`; the ones it cancelled. */
    async cancelPendingInvitationsBy(
      organizationId: string,
      inviterId: string,
    ): Promise<CancelledInvitation[]> {
      return db
        .update(invitation)
        .set({ status: CANCELED })
        .where(
          and(
            eq(invitation.organizationId, organizationId),
            eq(invitation.inviterId, inviterId),
            eq(invitation.status, "pending"),
          ),
        )
        .returning({ id: invitation.id, email: invitation.email, role: invitation.role });
    },

    /** The user's stored role in the team, null when not a member. */
    async roleIn(organizationId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ role: member.role })
        .from(member)
        .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)));
      return row?.role ?? null;
    },

    /** Prunes rate-limit counters last used before `cutoffMs` (better-auth stores epoch ms). */
    async deleteRateLimitsLastUsedBefore(cutoffMs: number): Promise<void> {
      await db.delete(rateLimit).where(lt(rateLimit.lastRequest, cutoffMs));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
