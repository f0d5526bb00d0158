/**
 * The audit trail's contract: its actions, the list (GET /api/audit) and the CSV export
 * (GET /api/audit/export) with the same filters, and each entry's `names`: what the people and
 * things it names were called when it was written (older entries: as they are called now).
 */
import { z } from "zod";
import { isCalendarDay } from "./format";

export const AUDIT_ACTIONS = [
  "image.upload",
  "image.delete",
  "image.update",
  "pole.update",
  "pole.import",
  "member.invite",
  "member.join",
  "member.decline",
  "member.uninvite",
  "member.role",
  "member.remove",
  "quota.set",
  "quota.cap",
  "export.download",
  "team.create",
  "finding.create",
  "finding.update",
  "finding.resolve",
  "finding.assign",
  "finding.extend",
  "visit.record",
  "visit.import",
  "image.blur",
  "settings.update",
  "apikey.create",
  "apikey.revoke",
  "measurement.create",
  "measurement.delete",
  "pole.lean",
  "pole.merge",
  "attachment.create",
  "attachment.update",
  "attachment.delete",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_LIMIT = 100;
/** At most this many entries in one CSV export (the newest of the filter). */
export const AUDIT_EXPORT_LIMIT = 50_000;

const day = z.string().refine(isCalendarDay, { message: "A date is YYYY-MM-DD" });

const filterFields = {
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The acting person's user id. */
  actor: z.string().min(1).max(200).optional(),
  from: day.optional(),
  to: day.optional(),
};
const fromBeforeTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const fromAfterTo = { message: "from is after to", path: ["to"] };

/** GET /api/audit/export: the list's filters (who, what, from/to which UTC day, inclusive). */
export const auditFilterSchema = z.object(filterFields).refine(fromBeforeTo, fromAfterTo);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** GET /api/audit: a page of the filtered trail, newest first. */
export const auditQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT).optional(),
    cursor: z.string().max(40).optional(),
    ...filterFields,
  })
  .refine(fromBeforeTo, fromAfterTo);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** What an id stood for: a person, a pole (its tag, else its place), a photo, a team or a finding. */
export const auditNameSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("person"), name: z.string(), email: z.string() }),
  z.object({ kind: z.literal("pole"), label: z.string(), latitude: z.number(), longitude: z.number() }),
  z.object({ kind: z.literal("photo"), name: z.string() }),
  z.object({ kind: z.literal("team"), name: z.string() }),
  /** A finding by its code and level, and its pole's tag (else label, else "" and its place). */
  z.object({
    kind: z.literal("finding"),
    code: z.string(),
    level: z.number(),
    pole: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
]);
export type AuditName = z.infer<typeof auditNameSchema>;
export type AuditNames = Record<string, AuditName>;

export const auditEntrySchema = z.object({
  at: z.string(),
  actor_id: z.string(),
  actor_email: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** By id: the actor, the target and the people and poles the details name. */
  names: z.record(z.string(), auditNameSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof auditListSchema>;

/**
 * GET /api/poles/:id/history: a page of one pole's entries (the pole, its photos, its findings
 * and visits), newest first, for every role that sees the pole. Answers auditListSchema.
 */
export const poleHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT).optional(),
  cursor: z.string().max(40).optional(),
});
export type PoleHistoryQuery = z.infer<typeof poleHistoryQuerySchema>;

/** The export's columns, in order. */
export const AUDIT_CSV_COLUMNS = ["time_utc", "actor", "actor_email", "action", "target", "details"] as const;

/** Detail fields that hold the id of a person or a pole (named in `names`). */
export const AUDIT_ID_FIELDS = [
  "uploaded_by",
  "rated_by",
  "pole_id",
  "poleId",
  "invitedBy",
  "assignee_id",
  "assigneeId",
  "createdBy",
  "resolved_by",
] as const;
