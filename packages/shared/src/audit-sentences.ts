/**
 * A finding's or a visit's audit entry as one sentence, the same in a pole's history, on the
 * audit screen and in its CSV: "Finding crossarm (Level 2) on pole SF-1042 assigned to Dana Lee",
 * "Detailed inspection of pole SF-1042 recorded for 2026-12-07: No defects found". The finding is
 * named by its code, level and pole (as stored with the entry, else from its details), people by
 * their names, poles by their tags: never an id or a JSON value.
 */
import { adminTexts } from "./admin";
import type { AuditEntry, AuditName } from "./audit";
import { visitTexts } from "./messages";
import { workTexts } from "./work-texts";

export const historyTexts = {
  finding: (code: string, level: number | null, pole: string) =>
    `Finding ${code}${level === null ? "" : ` (Level ${level})`} on ${pole}`,
  someFinding: "A finding",
  somePole: "a pole",
  added: "added",
  observed: (day: string) => `observed ${day}`,
  due: (day: string) => `due ${day}`,
  assignedTo: (who: string) => `assigned to ${who}`,
  unassigned: "unassigned",
  movedTo: (step: string) => `moved to ${step}`,
  workOrder: (order: string) => `work order ${order}`,
  workOrderRemoved: "work order removed",
  edited: "edited",
  levelChanged: (from: unknown, to: unknown) => `level ${String(from)} → ${String(to)}`,
  codeChanged: (from: unknown, to: unknown) => `code ${String(from)} → ${String(to)}`,
  dueChanged: (from: unknown, to: unknown) => `due ${String(from)} → ${String(to)}`,
  notesChanged: "notes changed",
  resolved: (day: string) => `resolved on ${day}`,
  extended: (from: string, to: string) => `due date extended from ${from} to ${to}`,
  visit: (type: string, pole: string, day: string) => `${type} inspection of ${pole} recorded for ${day}`,
  visitRecorded: (type: string, day: string) => `${type} inspection recorded for ${day}`,
  inspector: (who: string) => `inspector ${who}`,
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

/** The actions told as a sentence here; the others keep "action: target" and their details. */
export const SENTENCE_ACTIONS: readonly string[] = [
  "finding.create",
  "finding.update",
  "finding.assign",
  "finding.extend",
  "finding.resolve",
  "visit.record",
];

function poleText(n: AuditName | undefined): string | null {
  if (n?.kind !== "pole") return null;
  return n.label ? adminTexts.poleNamed(n.label) : adminTexts.poleAt(n.latitude, n.longitude);
}

function personText(entry: AuditEntry, id: unknown): string {
  if (typeof id !== "string") return "—";
  const n = entry.names[id];
  if (n?.kind === "person") return n.name.trim() ? n.name : n.email;
  return id === entry.actor_id ? entry.actor_email : adminTexts.someone;
}

/** "Finding crossarm (Level 2) on pole SF-1042": as named with the entry, else from its details. */
function findingText(entry: AuditEntry, after: Record<string, unknown>, before: Record<string, unknown>) {
  const n = entry.names[entry.target_id];
  if (n?.kind === "finding") {
    const pole = n.pole ? adminTexts.poleNamed(n.pole) : adminTexts.poleAt(n.latitude, n.longitude);
    return historyTexts.finding(n.code, n.level, pole);
  }
  const code = text(after.code) ?? text(before.code);
  const level = after.level ?? before.level;
  const poleId = after.poleId ?? after.pole_id;
  const pole = (typeof poleId === "string" && poleText(entry.names[poleId])) || historyTexts.somePole;
  if (!code) return historyTexts.someFinding;
  return historyTexts.finding(code, typeof level === "number" ? level : null, pole);
}

function findingParts(entry: AuditEntry, after: Record<string, unknown>, before: Record<string, unknown>) {
  const parts: string[] = [];
  switch (entry.action) {
    case "finding.create":
      parts.push(historyTexts.added);
      if (text(after.observedOn)) parts.push(historyTexts.observed(after.observedOn as string));
      if (text(after.dueOn)) parts.push(historyTexts.due(after.dueOn as string));
      if (text(after.assigneeId)) parts.push(historyTexts.assignedTo(personText(entry, after.assigneeId)));
      break;
    case "finding.assign":
      if ("assignee_id" in after)
        parts.push(
          after.assignee_id === null
            ? historyTexts.unassigned
            : historyTexts.assignedTo(personText(entry, after.assignee_id)),
        );
      if (typeof after.work_status === "string" && after.work_status in workTexts.steps) {
        parts.push(historyTexts.movedTo(workTexts.steps[after.work_status as keyof typeof workTexts.steps]));
      }
      if ("work_order" in after)
        parts.push(
          text(after.work_order)
            ? historyTexts.workOrder(after.work_order as string)
            : historyTexts.workOrderRemoved,
        );
      break;
    case "finding.update": {
      const changes: string[] = [];
      if ("level" in after) changes.push(historyTexts.levelChanged(before.level, after.level));
      if ("code" in after) changes.push(historyTexts.codeChanged(before.code, after.code));
      if ("due_on" in after) changes.push(historyTexts.dueChanged(before.due_on, after.due_on));
      if ("notes" in after) changes.push(historyTexts.notesChanged);
      parts.push(changes.length > 0 ? `${historyTexts.edited}: ${changes.join(", ")}` : historyTexts.edited);
      break;
    }
    case "finding.extend": {
      const from = text(before.due_on) ?? "—";
      const to = text(after.due_on) ?? "—";
      const reason = text(entry.details.reason);
      parts.push(historyTexts.extended(from, to) + (reason ? `: ${reason}` : ""));
      break;
    }
    case "finding.resolve": {
      const action = text(after.action);
      parts.push(historyTexts.resolved(text(after.resolved_on) ?? "—") + (action ? `: ${action}` : ""));
      break;
    }
  }
  return parts;
}

function visitParts(entry: AuditEntry, after: Record<string, unknown>) {
  const code = text(after.type) ?? "";
  const type = text(after.type_name) ?? (code ? code[0]!.toUpperCase() + code.slice(1) : "");
  const day = text(after.inspectedOn) ?? text(after.inspected_on) ?? "—";
  const result =
    after.result === "no-defects" || after.result === "findings"
      ? visitTexts.results[after.result]
      : visitTexts.resultUnknown;
  const extra = [
    text(after.inspector) && historyTexts.inspector(after.inspector as string),
    text(after.notes),
  ];
  const tail = extra.filter(Boolean).join("; ");
  return { type, day, said: `${result}${tail ? ` (${tail})` : ""}` };
}

const parts = (entry: AuditEntry) => ({
  after: isRecord(entry.details.after) ? entry.details.after : {},
  before: isRecord(entry.details.before) ? entry.details.before : {},
});

/** What happened to the finding or at the visit, without naming it: the audit screen's details. */
export function auditPredicate(entry: AuditEntry): string | null {
  if (!SENTENCE_ACTIONS.includes(entry.action)) return null;
  const { after, before } = parts(entry);
  if (entry.action === "visit.record") {
    const v = visitParts(entry, after);
    return `${historyTexts.visitRecorded(v.type, v.day)}: ${v.said}`;
  }
  return findingParts(entry, after, before).join(", ");
}

/** The finding an entry is about, as its target: "finding crossarm (Level 2) on pole SF-1042". */
export function findingTargetText(entry: AuditEntry): string | null {
  if (entry.target_type !== "finding") return null;
  const { after, before } = parts(entry);
  const named = findingText(entry, after, before);
  return named[0]!.toLowerCase() + named.slice(1);
}

/** The entry as one sentence; null for the actions told as "action: target" with details. */
export function auditSentence(entry: AuditEntry): string | null {
  if (!SENTENCE_ACTIONS.includes(entry.action)) return null;
  const { after, before } = parts(entry);
  if (entry.action === "visit.record") {
    const v = visitParts(entry, after);
    const pole = poleText(entry.names[entry.target_id]) ?? historyTexts.somePole;
    return `${historyTexts.visit(v.type, pole, v.day)}: ${v.said}`;
  }
  return `${findingText(entry, after, before)} ${findingParts(entry, after, before).join(", ")}`.trim();
}
