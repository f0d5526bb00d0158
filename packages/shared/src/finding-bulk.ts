/** The work list's bulk actions. */
import { z } from "zod";
import { findingWorkPatchFields, MAX_BULK_FINDINGS, workStatusSchema } from "./finding-work";
import { findingListQuerySchema, findingPatchFields } from "./inspections";
import { workTexts } from "./work-texts";

/**
 * POST /api/findings/bulk: one change (assign, work order, extend with a reason, a step, a new
 * level, resolve with the action taken) to a selection of findings or to every finding of a filter
 * (the work list's filters; at most MAX_BULK_FINDINGS). A bulk resolution names no repair photo:
 * each finding's pole is another.
 */
export const findingBulkSchema = z
  .object({
    ids: z.array(z.guid()).min(1).max(MAX_BULK_FINDINGS).optional(),
    /** The work list's query (without its paging and sort). */
    filter: findingListQuerySchema.optional(),
    patch: z
      .object({
        assignee_id: findingWorkPatchFields.assignee_id,
        work_order: findingWorkPatchFields.work_order,
        due_on: findingWorkPatchFields.due_on,
        extension_reason: findingWorkPatchFields.extension_reason,
        status: workStatusSchema.optional(),
        level: findingPatchFields.level,
        resolve: findingPatchFields.resolve.unwrap().omit({ image_id: true }).strict().optional(),
      })
      .strict()
      .refine((p) => Object.keys(p).length > 0, { message: "Nothing to change" })
      .refine((p) => p.status !== "resolved" || p.resolve !== undefined, {
        message: "Resolving needs the action taken (resolve.action)",
        path: ["resolve"],
      })
      // A new level sets a new due date from its allowance: an extension beside it says two dates.
      .refine((p) => p.level === undefined || p.due_on === undefined, {
        message: workTexts.levelOrExtension,
        path: ["level"],
      })
      .refine((p) => p.extension_reason === undefined || p.due_on !== undefined, {
        message: "An extension reason goes with the new due date (due_on)",
        path: ["due_on"],
      }),
  })
  .strict()
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), {
    message: "Choose the findings: either ids or a filter",
    path: ["ids"],
  });
export type FindingBulk = z.infer<typeof findingBulkSchema>;
export const findingBulkAnswerSchema = z.object({ changed: z.number().int() });
