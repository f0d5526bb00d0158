/**
 * Team changes made through better-auth's organization endpoints, for the audit trail. Its hooks
 * name the member changed but not who changed it: our mount runs each auth request inside
 * `authRequest`, so a hook can find the caller's session from the request's own headers.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AuditAction } from "@poleatlas/shared";

export const authRequest = new AsyncLocalStorage<{ headers: Headers }>();

export interface TeamAuditEvent {
  organizationId: string;
  action: Extract<AuditAction, `member.${string}` | "team.create">;
  targetType: "member" | "invitation" | "workspace";
  targetId: string;
  details: Record<string, unknown>;
}

/** Records one event as the given user (the caller). */
export type TeamAuditSink = (actor: { id: string; email: string }, event: TeamAuditEvent) => Promise<void>;
