/**
 * Team changes made through better-auth's organization endpoints (members, invitations, new
 * teams): each goes into the team's audit trail, and a change of who is in a team reaches its open
 * screens as member.changed. app.ts hands this to the accounts module, which so needs to know
 * neither the trail nor the live updates.
 */
import type { Db } from "../../infra/db/database";
import type { TeamAuditSink } from "../auth/team-audit";
import type { PublishEvent } from "../events/events.repository";
import { recordNamed } from "./audit-log";
import { createAuditRepository } from "./audit.repository";

export function createTeamChangeRecorder(deps: { db: Db; publish: PublishEvent }): TeamAuditSink {
  const auditLog = createAuditRepository(deps.db);
  return async (actor, e) => {
    await recordNamed(auditLog, {
      workspaceId: e.organizationId,
      actorId: actor.id,
      actorEmail: actor.email,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      details: e.details,
    });
    if (e.targetType === "member") {
      const change = { workspaceId: e.organizationId, actorId: actor.id, memberId: e.targetId };
      await deps.publish({ ...change, type: "member.changed" });
    }
  };
}
