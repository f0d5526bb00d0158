/**
 * The work rules of a finding's change: who may be assigned, which step may follow which, and
 * that a later due date is an extension with its reason. Each group of changes becomes its own
 * audit entry, so the trail reads "assigned", "extended", "edited" and "resolved" apart.
 */
import { workTexts, WORK_STEPS, type FindingPatch, type WorkStatus } from "@poleatlas/shared";
import { badRequest, conflict } from "../../errors";
import type { FindingRow } from "./finding-columns";

export type Changes = Record<string, string | number | null>;

/** The work fields a PATCH or a bulk action may carry. */
export type WorkPatch = Pick<
  FindingPatch,
  "assignee_id" | "work_order" | "status" | "due_on" | "extension_reason"
>;

export interface WorkPlan {
  /** assignee_id, work_order, work_status: the "finding.assign" entry. */
  work: Changes;
  /** The extension, if any: the "finding.extend" entry and its row. */
  extension: { from: string; to: string; reason: string } | null;
}

const cleanWorkOrder = (text: string | null | undefined) => {
  const t = (text ?? "").trim();
  return t ? t : null;
};

/** The next step: said outright, else what the assignment implies (assigning opens the work). */
function nextStep(row: FindingRow, patch: WorkPatch, resolving: boolean): WorkStatus {
  if (resolving) {
    if (patch.status !== undefined && patch.status !== "resolved") {
      throw badRequest(workTexts.stepNotAllowed(row.status, patch.status), "step_not_allowed");
    }
    return "resolved";
  }
  if (patch.status !== undefined) return patch.status;
  if (patch.assignee_id === null) return "open";
  if (patch.assignee_id !== undefined && row.status === "open") return "assigned";
  return row.status;
}

/**
 * What the work fields change, checked against the finding as it is (locked). `isMember` answers
 * whether someone may be assigned in the finding's workspace.
 */
export async function planWork(
  row: FindingRow,
  patch: WorkPatch,
  resolving: boolean,
  isMember: (userId: string) => Promise<boolean>,
): Promise<WorkPlan> {
  const work: Changes = {};
  const resolved = row.status === "resolved";
  const movesWork =
    patch.assignee_id !== undefined || patch.status !== undefined || patch.due_on !== undefined;
  if (resolved && movesWork && !(patch.status === "resolved" && resolving)) {
    throw conflict(workTexts.resolvedStaysResolved, "finding_resolved");
  }
  if (patch.work_order !== undefined) {
    const order = cleanWorkOrder(patch.work_order);
    if (order !== row.work_order) work.work_order = order;
  }
  if (resolved) return { work, extension: null };

  if (patch.assignee_id && patch.assignee_id !== row.assignee_id && !(await isMember(patch.assignee_id))) {
    throw badRequest(workTexts.assigneeNotMember, "assignee_not_member");
  }
  const step = nextStep(row, patch, resolving);
  if (step !== row.status && !WORK_STEPS[row.status].includes(step)) {
    throw conflict(workTexts.stepNotAllowed(row.status, step), "step_not_allowed");
  }
  let assignee = patch.assignee_id !== undefined ? patch.assignee_id : row.assignee_id;
  if (step === "open" && assignee !== null) {
    // Back to open: the work has nobody; naming someone at the same time contradicts it.
    if (patch.assignee_id) throw badRequest(workTexts.openHasNoAssignee, "open_has_no_assignee");
    assignee = null;
  }
  if ((step === "assigned" || step === "in-progress") && assignee === null) {
    throw badRequest(workTexts.assigneeRequired, "assignee_required");
  }
  if (assignee !== row.assignee_id) work.assignee_id = assignee;
  if (step !== row.status && step !== "resolved") work.work_status = step;

  let extension: WorkPlan["extension"] = null;
  if (patch.due_on !== undefined && patch.due_on !== row.due_on) {
    if (patch.due_on < row.due_on) throw badRequest(workTexts.dueOnlyLater(row.due_on), "due_only_later");
    if (!patch.extension_reason)
      throw badRequest(workTexts.extensionNeedsReason, "extension_reason_required");
    extension = { from: row.due_on, to: patch.due_on, reason: patch.extension_reason };
  }
  return { work, extension };
}
