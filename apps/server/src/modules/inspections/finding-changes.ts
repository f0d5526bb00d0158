/**
 * A finding's change, worked out against the row as it is (locked) and then written. A PATCH is a
 * change of one; a bulk change plans every finding first (any refusal throws before anything is
 * written) and writes them together: one UPDATE per distinct set of changes, one INSERT of the
 * extensions, the audit entries in batches (each finding's as if patched alone) and one live
 * event per EVENT_MAX_IDS poles.
 */
import {
  dueAfterAllowance,
  EVENT_MAX_IDS,
  inspectionTexts,
  safeNotes,
  type AuditAction,
  type FindingPatch,
  type InspectionSettings,
} from "@poleatlas/shared";
import { badRequest, conflict } from "../../errors";
import type { Executor } from "../../infra/db/database";
import type { AuditEvent, AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { Actor } from "../workspaces/actor";
import { latestDay, withinADay, type Today } from "./clock";
import { DAY } from "./cursor-parts";
import type { FindingRow } from "./finding-columns";
import type { FindingNews } from "./finding-news";
import type { NewExtension } from "./finding-changes.repository";
import { planWork, type Changes } from "./finding-work";
import type { InspectionsRepository } from "./inspections.repository";

/** The day a finding is to be fixed by; one past 9999-12-31 cannot be stored, so it is a 400. */
export function dueOnOf(observedOn: string, days: number): string {
  const due = dueAfterAllowance(observedOn, days);
  if (!DAY.test(due)) throw badRequest(inspectionTexts.dueDateTooLate, "due_date_out_of_range");
  return due;
}

export const cleanNotes = (notes: string | null | undefined) => {
  const text = notes ? safeNotes(notes) : "";
  return text.trim() ? text : null;
};

/** What a finding's change needs to know beyond the row: the day, the team, the pole's photos. */
export interface ChangeContext {
  today: Today;
  allowanceDays: InspectionSettings["allowanceDays"];
  /** Whether the user may be given work in the workspace (asked once per user in a bulk change). */
  isMember: (userId: string) => Promise<boolean>;
  /** A photo of the workspace on this pole (the repair photo), or the 404/400 it is not. */
  photoOnPole: (poleId: string, imageId: string) => Promise<{ id: string }>;
}

export interface PlannedChange {
  row: FindingRow;
  changes: Changes;
  extension: NewExtension | null;
  audit: AuditEvent[];
  news: FindingNews;
}

/**
 * The day a finding is resolved on: today unless given, between its observation and today.
 * Today is the client's own when it says (within a day of the server's: every time zone is),
 * else the server's with tomorrow allowed for users east of UTC.
 */
function resolvedOn(
  today: Today,
  given: string | undefined,
  observedOn: string,
  clientToday?: string,
): string {
  const serverToday = today();
  if (clientToday !== undefined && !withinADay(clientToday, serverToday)) {
    throw badRequest(inspectionTexts.clientDateOff(clientToday, serverToday), "client_date_off");
  }
  const latest = clientToday ?? latestDay(serverToday);
  const day = given ?? clientToday ?? serverToday;
  if (day > latest) throw badRequest(inspectionTexts.resolvedInFuture(latest), "date_in_future");
  if (day < observedOn) {
    throw badRequest(inspectionTexts.resolvedBeforeObserved(observedOn), "resolved_before_observed");
  }
  return day;
}

/** The edit, the work, the extension and the resolution of one locked finding; null: no change. */
export async function planChange(
  actor: Actor,
  row: FindingRow,
  patch: FindingPatch,
  c: ChangeContext,
): Promise<PlannedChange | null> {
  if (patch.resolve && row.status === "resolved") {
    throw conflict(inspectionTexts.alreadyResolved, "already_resolved");
  }
  const plan = await planWork(row, patch, patch.resolve !== undefined, c.isMember);
  const edit: Changes = {};
  if (patch.code !== undefined && patch.code !== row.code) edit.code = patch.code;
  if (patch.notes !== undefined) edit.notes = cleanNotes(patch.notes);
  if (patch.level !== undefined && patch.level !== row.level) {
    edit.level = patch.level;
    // A new level is a new rule's date: the clock restarts from it (past extensions stay listed).
    edit.due_on = dueOnOf(row.observed_on, c.allowanceDays[patch.level]);
    edit.original_due_on = null;
  }
  const resolve: Changes = {};
  if (patch.resolve) {
    const repair = patch.resolve.image_id ? await c.photoOnPole(row.pole_id, patch.resolve.image_id) : null;
    resolve.status = "resolved";
    resolve.work_status = "resolved";
    resolve.resolved_on = resolvedOn(
      c.today,
      patch.resolve.resolved_on,
      row.observed_on,
      patch.resolve.today,
    );
    resolve.resolved_by = actor.userId;
    resolve.action = safeNotes(patch.resolve.action);
    resolve.repair_image_id = repair?.id ?? null;
  }
  const extend: Changes = plan.extension
    ? { due_on: plan.extension.to, original_due_on: row.original_due_on }
    : {};
  const changes = { ...edit, ...plan.work, ...extend, ...resolve };
  if (Object.keys(changes).length === 0) return null;

  const before = (part: Changes) =>
    Object.fromEntries(
      Object.keys(part).map((k) => [k, k === "work_status" ? row.status : row[k as keyof FindingRow]]),
    );
  const entries: [AuditAction, Changes, Record<string, unknown>?][] = [
    ["finding.update", edit],
    ["finding.assign", plan.work],
    [
      "finding.extend",
      { due_on: extend.due_on ?? null },
      { reason: plan.extension?.reason, original_due_on: row.original_due_on },
    ],
    ["finding.resolve", resolve],
  ];
  const audit: AuditEvent[] = [];
  for (const [action, part, extra] of entries) {
    if (action === "finding.extend" ? !plan.extension : Object.keys(part).length === 0) continue;
    const details = { before: before(part), after: part, ...extra };
    audit.push({ action, targetType: "finding", targetId: row.id, details });
  }
  return {
    row,
    changes,
    extension: plan.extension ? { findingId: row.id, ...plan.extension } : null,
    audit,
    news: {
      findingId: row.id,
      level1: edit.level === 1 && row.status !== "resolved",
      assignedTo: typeof plan.work.assignee_id === "string" ? plan.work.assignee_id : null,
    },
  };
}

/** Writes planned changes in the caller's transaction, in the few statements the header names. */
export async function writeChanges(
  actor: Actor,
  planned: PlannedChange[],
  deps: { repository: InspectionsRepository; audit: AuditLog; publish: PublishEvent; today: Today },
  tx: Executor,
): Promise<void> {
  if (planned.length === 0) return;
  // Findings given the same changes (a bulk assignment's, mostly all of them) share one UPDATE.
  const alike = new Map<string, { changes: Changes; ids: string[] }>();
  for (const p of planned) {
    const key = JSON.stringify(Object.entries(p.changes));
    const group = alike.get(key) ?? { changes: p.changes, ids: [] };
    group.ids.push(p.row.id);
    alike.set(key, group);
  }
  for (const { changes, ids } of alike.values()) await deps.repository.updateMany(tx, ids, changes);
  await deps.repository.addExtensions(tx, {
    workspaceId: actor.workspaceId,
    by: actor.userId,
    on: deps.today(),
    extensions: planned.flatMap((p) => (p.extension ? [p.extension] : [])),
  });
  await deps.audit(
    actor,
    planned.flatMap((p) => p.audit),
    tx,
  );
  // Each changed finding recolours its pole: open screens hear `pole.updated` for each pole.
  const poleIds = [...new Set(planned.map((p) => p.row.pole_id))];
  for (let i = 0; i < poleIds.length; i += EVENT_MAX_IDS) {
    const some = poleIds.slice(i, i + EVENT_MAX_IDS);
    await deps.publish(
      { workspaceId: actor.workspaceId, actorId: actor.userId, type: "pole.updated", poleIds: some },
      tx,
    );
  }
}
