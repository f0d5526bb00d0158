/**
 * What other modules call to leave an entry in the audit trail: the actor's workspace and who
 * they are come from the actor, so no caller can write another workspace's trail.
 */
import type { AuditAction } from "@poleatlas/shared";
import type { Executor } from "../images/images.repository";
import type { Actor } from "../workspaces/actor";
import type { AuditRepository } from "./audit.repository";

export interface AuditEvent {
  action: AuditAction;
  targetType: "image" | "pole" | "member" | "invitation" | "user" | "workspace" | "finding";
  targetId: string;
  details?: Record<string, unknown>;
}

export type AuditLog = (actor: Actor, event: AuditEvent, tx?: Executor) => Promise<void>;

export function createAuditLog(repository: AuditRepository): AuditLog {
  return (actor, event, tx) =>
    repository.record(
      {
        workspaceId: actor.workspaceId,
        actorId: actor.userId,
        actorEmail: actor.email,
        action: event.action,
        targetType: event.targetType,
        targetId: event.targetId,
        details: event.details ?? {},
      },
      tx,
    );
}
