/**
 * What other modules call to leave an entry in the audit trail: the actor's workspace and who
 * they are come from the actor, so no caller can write another workspace's trail.
 */
import { AUDIT_ID_FIELDS, type AuditAction } from "@poleatlas/shared";
import type { Executor } from "../../infra/db/database";
import type { Actor } from "../workspaces/actor";
import type { AuditRepository, NewAuditEntry } from "./audit.repository";

export interface AuditEvent {
  action: AuditAction;
  targetType: "image" | "pole" | "member" | "invitation" | "user" | "workspace" | "finding" | "apikey";
  targetId: string;
  details?: Record<string, unknown>;
}

/** One event, or many (a bulk change's: their names read and their rows written together). */
export type AuditLog = (actor: Actor, event: AuditEvent | AuditEvent[], tx?: Executor) => Promise<void>;

const FIELDS: readonly string[] = AUDIT_ID_FIELDS;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The ids an entry names: its actor, its target, and the people and poles in its details. */
export function idsOf(actorId: string, targetId: string, details: Record<string, unknown>): string[] {
  const ids = new Set([actorId, targetId]);
  for (const part of [details, details.before, details.after]) {
    if (!isRecord(part)) continue;
    for (const [field, value] of Object.entries(part)) {
      if (FIELDS.includes(field) && typeof value === "string") ids.add(value);
    }
  }
  return [...ids];
}

/** An entry with what its ids are called as it is written (read in the same transaction). */
export async function recordNamed(
  repository: AuditRepository,
  e: Omit<NewAuditEntry, "names">,
  tx?: Executor,
): Promise<void> {
  const names = await repository.namesOf(e.workspaceId, idsOf(e.actorId, e.targetId, e.details), tx);
  await repository.record({ ...e, names }, tx);
}

/** Many entries with what their ids are called: one lookup of the names, rows written in batches. */
export async function recordManyNamed(
  repository: AuditRepository,
  entries: Omit<NewAuditEntry, "names">[],
  tx?: Executor,
): Promise<void> {
  const first = entries[0];
  if (!first) return;
  const idsOfEach = entries.map((e) => idsOf(e.actorId, e.targetId, e.details));
  const all = await repository.namesOf(first.workspaceId, [...new Set(idsOfEach.flat())], tx);
  // Each entry keeps the names of its own ids, as if written alone.
  const named = entries.map((e, i) => ({
    ...e,
    names: Object.fromEntries(idsOfEach[i]!.flatMap((id) => (id in all ? [[id, all[id]!]] : []))),
  }));
  await repository.recordMany(named, tx);
}

export function createAuditLog(repository: AuditRepository): AuditLog {
  const entryOf = (actor: Actor, event: AuditEvent): Omit<NewAuditEntry, "names"> => ({
    workspaceId: actor.workspaceId,
    actorId: actor.userId,
    actorEmail: actor.email,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    // A change made with an API key says which: "via API key NAME" in the trail.
    details: actor.apiKey ? { ...event.details, apiKey: actor.apiKey.name } : (event.details ?? {}),
  });
  return (actor, event, tx) =>
    Array.isArray(event)
      ? recordManyNamed(
          repository,
          event.map((e) => entryOf(actor, e)),
          tx,
        )
      : recordNamed(repository, entryOf(actor, event), tx);
}
