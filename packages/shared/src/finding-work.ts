/**
 * The work on a finding between "found" and "fixed": who it is assigned to, the work order, the
 * step it is at, and each extension of its due date with the reason given. The contract of the
 * work fields of PATCH /api/findings/:id, the work list's filters and sorts (GET /api/findings)
 * and POST /api/findings/bulk.
 */
import { z } from "zod";

export const WORK_STATUSES = ["open", "assigned", "in-progress", "resolved"] as const;
export const workStatusSchema = z.enum(WORK_STATUSES);
export type WorkStatus = z.infer<typeof workStatusSchema>;

/**
 * The steps a PATCH may move a finding to from each step. Resolving (with the action taken) is
 * open to every unresolved step; a resolved finding stays resolved.
 */
export const WORK_STEPS: Record<WorkStatus, readonly WorkStatus[]> = {
  open: ["assigned", "resolved"],
  assigned: ["open", "in-progress", "resolved"],
  "in-progress": ["open", "assigned", "resolved"],
  resolved: [],
};

export const MAX_WORK_ORDER_LENGTH = 100;
export const MAX_EXTENSION_REASON_LENGTH = 1000;
/** At most this many findings change in one bulk action (a selection or a filter's rows). */
export const MAX_BULK_FINDINGS = 5000;
/** The longest "due within N days" filter: 100 years. */
export const MAX_DUE_WITHIN_DAYS = 36500;

/** A calendar day PostgreSQL can store: there is no year 0 (ISO's 0000 is 1 BC). */
export const isoDay = z.iso.date().refine((d) => d >= "0001-01-01", "A date must be 0001-01-01 or later");

/** The work fields of PATCH /api/findings/:id (and of a bulk action, but its status). */
export const findingWorkPatchFields = {
  /** A member of the workspace; null unassigns. */
  assignee_id: z.string().min(1).max(200).nullable().optional(),
  work_order: z.string().trim().max(MAX_WORK_ORDER_LENGTH).nullable().optional(),
  /** A later date needs `extension_reason`. */
  due_on: isoDay.optional(),
  extension_reason: z.string().trim().min(1).max(MAX_EXTENSION_REASON_LENGTH).optional(),
};

export const findingExtensionSchema = z.object({
  /** The due date the extension replaced. */
  from_due_on: z.string(),
  to_due_on: z.string(),
  reason: z.string(),
  extended_by: z.string().nullable(),
  extended_by_email: z.string().nullable(),
  /** The day it was granted (the server's clock, UTC). */
  extended_on: z.string(),
});
export type FindingExtension = z.infer<typeof findingExtensionSchema>;

/** What a finding carries about its work, its pole's circuit and the pole's last visit. */
export const findingWorkSchema = z.object({
  assignee_id: z.string().nullable(),
  assignee_email: z.string().nullable(),
  work_order: z.string().nullable(),
  /** The due date the rule gave, before any extension. */
  original_due_on: z.string(),
  /** Oldest first. */
  extensions: z.array(findingExtensionSchema),
  pole_circuit: z.string().nullable(),
  /** The pole's last inspection visit: its day and type; null with none on record. */
  pole_last_visit: z.object({ on: z.string(), type: z.string() }).nullable(),
});

export const FINDING_SORT_FIELDS = ["due", "level", "observed", "tag", "circuit", "assignee"] as const;
export type FindingSortField = (typeof FINDING_SORT_FIELDS)[number];
const SORTS = FINDING_SORT_FIELDS.flatMap((f) => [f, `-${f}`] as const);
export const findingSortSchema = z.enum(SORTS as [string, ...string[]]).transform((s) => ({
  field: s.replace(/^-/, "") as FindingSortField,
  descending: s.startsWith("-"),
}));
export type FindingSort = z.infer<typeof findingSortSchema>;

/** `status`: one step, several (comma-separated), "unresolved" (all but resolved) or "all". */
export const findingStatusFilterSchema = z
  .string()
  .max(60)
  .transform((s, ctx): WorkStatus[] | "all" => {
    if (s === "all") return "all";
    if (s === "unresolved") return ["open", "assigned", "in-progress"];
    const steps = s.split(",");
    const bad = steps.find((x) => !(WORK_STATUSES as readonly string[]).includes(x));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `A status is one or more of ${WORK_STATUSES.join(", ")}, or unresolved or all`,
      });
      return z.NEVER;
    }
    return steps as WorkStatus[];
  });

/** The work list's filters beyond status, level, region and pole. */
export const findingWorkFilterFields = {
  code: z.string().trim().min(1).max(40).optional(),
  /** A member's user id, "me" (the caller) or "none" (unassigned). */
  assignee: z.string().min(1).max(200).optional(),
  circuit: z.string().max(200).optional(),
  /** Unresolved and due within this many days from today (overdue ones included). */
  due_within: z.coerce.number().int().min(0).max(MAX_DUE_WITHIN_DAYS).optional(),
  observed_from: isoDay.optional(),
  observed_to: isoDay.optional(),
  sort: findingSortSchema.optional(),
};
