/**
 * Storage belongs to the workspace that holds the photos. Only instance administrators
 * (ADMIN_EMAILS, with the address confirmed) change a personal workspace's quota or a team's
 * pool: a team role gives no say over either, since anyone can create a team and be its owner.
 * A team's owners and admins may cap another member inside the team's pool (an admin not the
 * owner); a cap counts that member's photos in that team only. Refusals are 403 whether or not
 * the target exists, so ids cannot be probed. Each change and its audit entry, written in the
 * trail of the workspace it changes, commit together.
 */
import {
  canManage,
  STORAGE_QUOTA_BYTES,
  strongestRole,
  workspaceTexts,
  type MemberUsageList,
} from "@poleatlas/shared";
import { forbidden, notFound } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { AdminRepository } from "./admin.repository";

export function createAdminService(deps: {
  repository: AdminRepository;
  audit: AuditLog;
  adminEmails: string[];
  /** A team's pool where none was set (TEAM_QUOTA_BYTES). */
  teamQuotaBytes: number;
}) {
  const { repository, audit, adminEmails, teamQuotaBytes } = deps;
  // The address must be confirmed too: where REQUIRE_EMAIL_VERIFICATION=false, anyone could
  // sign up with an administrator's address before the administrator does.
  const isInstanceAdmin = async (actor: Actor) =>
    adminEmails.includes(actor.email.toLowerCase()) && (await repository.emailVerified(actor.userId));
  const defaultOf = (kind: "personal" | "team") =>
    kind === "personal" ? STORAGE_QUOTA_BYTES : teamQuotaBytes;

  /** An instance administrator sets a workspace's quota (null: back to the default). */
  async function setWorkspaceQuota(
    actor: Actor,
    kind: "personal" | "team",
    workspaceId: string,
    quotaBytes: number | null,
  ): Promise<void> {
    if (!(await isInstanceAdmin(actor))) throw forbidden(workspaceTexts.forbidden);
    await repository.transaction(async (tx) => {
      if (!(await repository.lockWorkspace(kind, workspaceId, tx))) {
        throw notFound(kind === "personal" ? "User not found" : "Team not found");
      }
      const before = (await repository.quotaOf(workspaceId, tx)) ?? defaultOf(kind);
      await repository.setQuota(workspaceId, quotaBytes, tx);
      // In the changed workspace's own trail: its owner or team admins see who changed it.
      await audit(
        { ...actor, workspaceId },
        {
          action: "quota.set",
          targetType: "workspace",
          targetId: workspaceId,
          details: {
            workspace: kind,
            before: { quotaBytes: before },
            after: { quotaBytes: quotaBytes ?? defaultOf(kind), default: quotaBytes === null },
          },
        },
        tx,
      );
    });
  }

  return {
    setPersonalQuota: (actor: Actor, userId: string, quotaBytes: number | null) =>
      setWorkspaceQuota(actor, "personal", userId, quotaBytes),

    setTeamQuota: (actor: Actor, teamId: string, quotaBytes: number | null) =>
      setWorkspaceQuota(actor, "team", teamId, quotaBytes),

    /** An owner or admin of the active team caps another member there (null: no cap). */
    async setMemberCap(actor: Actor, userId: string, capBytes: number | null): Promise<void> {
      const inTeam = actor.workspaceId !== actor.userId;
      if (!inTeam || !canManage(actor.role) || userId === actor.userId)
        throw forbidden(workspaceTexts.forbidden);
      const organizationId = actor.workspaceId;
      await repository.transaction(async (tx) => {
        const target = await repository.memberForCap(organizationId, userId, tx);
        if (target === null) throw forbidden(workspaceTexts.forbidden);
        if (strongestRole(target.role) === "owner" && actor.role !== "owner") {
          throw forbidden(workspaceTexts.forbidden);
        }
        await repository.setCap(organizationId, userId, capBytes, tx);
        await audit(
          actor,
          {
            action: "quota.cap",
            targetType: "member",
            targetId: userId,
            details: { email: target.email, before: { capBytes: target.cap }, after: { capBytes } },
          },
          tx,
        );
      });
    },

    /** The active team's pool and members (their usage there and caps); none in a personal workspace. */
    async members(actor: Actor): Promise<MemberUsageList> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const kind = actor.workspaceId === actor.userId ? "personal" : "team";
      const rows = kind === "personal" ? [] : await repository.members(actor.workspaceId);
      const pool = await repository.workspaceStorage(actor.workspaceId);
      return {
        members: rows.map((r) => ({ ...r, role: strongestRole(r.role) })),
        usedBytes: pool.usedBytes,
        quotaBytes: pool.quotaBytes ?? defaultOf(kind),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
