/**
 * Quotas stay per user, in every workspace. Who may set one: an owner or admin of the active team, for
 * another member of that team (an admin not for an owner), or an instance administrator
 * (ADMIN_EMAILS, with the address confirmed), for anyone. Nobody else, and no team role over
 * one's own quota: creating a team makes anyone its owner. Refusals are 403 whether or not the
 * user exists, so ids cannot be probed. The change and its audit entry (in the team that allowed it) commit together.
 */
import { canManage, strongestRole, workspaceTexts, type MemberUsage } from "@poleatlas/shared";
import { forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { AdminRepository } from "./admin.repository";

export function createAdminService(deps: {
  repository: AdminRepository;
  audit: AuditLog;
  adminEmails: string[];
}) {
  const { repository, audit, adminEmails } = deps;
  // The address must be confirmed too: where REQUIRE_EMAIL_VERIFICATION=false, anyone could
  // sign up with an administrator's address before the administrator does.
  const isInstanceAdmin = async (actor: Actor) =>
    adminEmails.includes(actor.email.toLowerCase()) && (await repository.emailVerified(actor.userId));

  async function mayManageQuotaOf(actor: Actor, userId: string): Promise<boolean> {
    if (await isInstanceAdmin(actor)) return true;
    const inTeam = actor.workspaceId !== actor.userId;
    if (!inTeam || !canManage(actor.role) || userId === actor.userId) return false;
    const stored = await repository.roleIn(actor.workspaceId, userId);
    if (stored === null) return false;
    return strongestRole(stored) !== "owner" || actor.role === "owner";
  }

  return {
    async setQuota(actor: Actor, userId: string, quotaBytes: number): Promise<void> {
      if (!(await mayManageQuotaOf(actor, userId))) throw forbidden(workspaceTexts.forbidden);
      await repository.transaction(async (tx) => {
        const before = await repository.quotaOf(userId, tx);
        if (before === null) throw notFound("User not found");
        await repository.setQuota(userId, quotaBytes, tx);
        await audit(
          actor,
          {
            action: "quota.set",
            targetType: "user",
            targetId: userId,
            details: { before: { quotaBytes: before }, after: { quotaBytes } },
          },
          tx,
        );
      });
    },

    /** The active team's members; in a personal workspace, just the user. */
    async members(actor: Actor): Promise<MemberUsage[]> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const rows = actor.workspaceId === actor.userId ? [] : await repository.members(actor.workspaceId);
      return rows.map((r) => ({ ...r, role: strongestRole(r.role) }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
