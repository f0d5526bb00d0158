/**
 * Quotas stay per user (issue 14). Who may set one: an owner or admin of a team the user belongs
 * to, or an instance administrator (ADMIN_EMAILS). Anyone else gets 403, whether or not the user
 * exists, so ids cannot be probed.
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
  const isInstanceAdmin = (actor: Actor) => adminEmails.includes(actor.email.toLowerCase());

  return {
    async setQuota(actor: Actor, userId: string, quotaBytes: number): Promise<void> {
      if (!isInstanceAdmin(actor)) {
        const roles = await repository.callerRolesOver(actor.userId, userId);
        if (!roles.some((r) => canManage(strongestRole(r)))) throw forbidden(workspaceTexts.forbidden);
      }
      const before = await repository.quotaOf(userId);
      if (before === null) throw notFound("User not found");
      await repository.setQuota(userId, quotaBytes);
      await audit(actor, {
        action: "quota.set",
        targetType: "user",
        targetId: userId,
        details: { before: { quotaBytes: before }, after: { quotaBytes } },
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
