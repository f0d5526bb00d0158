/**
 * From the work list's query to its SQL filter: the named region, "me" and "none" as assignees,
 * "due within N days" as a day, and the cursor, which names its sort so a cursor of another
 * sort is refused rather than read wrongly.
 */
import {
  addDays,
  FINDINGS_PAGE_LIMIT,
  messages,
  parseRegionKey,
  type FindingListQuery,
  type FindingSort,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import type { Actor } from "../workspaces/actor";
import { DAY, UUID } from "./cursor-parts";
import type { FindingFilter, ListedFinding } from "./finding-list";

const sortName = (s: FindingSort) => `${s.descending ? "-" : ""}${s.field}`;

export const encodeCursor = (sort: FindingSort) => (row: ListedFinding) =>
  Buffer.from(JSON.stringify([sortName(sort), row.sort_key, row.id])).toString("base64url");

function decodeCursor(cursor: string, sort: FindingSort): { key: string; id: string } {
  const invalid = () => badRequest(messages.invalidCursor, "invalid_cursor");
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parts) || parts.length !== 3) throw invalid();
  const [name, key, id] = parts as unknown[];
  if (name !== sortName(sort) || typeof key !== "string" || typeof id !== "string" || !UUID.test(id)) {
    throw invalid();
  }
  const fits =
    sort.field === "due" || sort.field === "observed"
      ? DAY.test(key) && !Number.isNaN(Date.parse(key))
      : sort.field === "level"
        ? /^[1-3]$/.test(key)
        : sort.field === "assignee"
          ? DAY.test(key.slice(0, 10)) && key[10] === " " && key.length <= 1000
          : key.length <= 1000;
  if (!fits) throw invalid();
  return { key, id };
}

export const DEFAULT_SORT: FindingSort = { field: "due", descending: false };

/** The SQL filter of a page of the list (limit: one more than the page, to know of a next). */
export function filterOf(actor: Actor, q: FindingListQuery, today: string): FindingFilter {
  const sort = q.sort ?? DEFAULT_SORT;
  let region: FindingFilter["region"];
  if (q.region !== undefined) {
    const parsed = parseRegionKey(q.region);
    if (!parsed) throw badRequest(messages.invalidRegion, "invalid_region");
    region = parsed;
  }
  const steps = q.status === undefined || q.status === "all" ? undefined : q.status;
  return {
    workspaceId: actor.workspaceId,
    status: "all",
    steps,
    overdueBefore: q.overdue ? today : undefined,
    dueBy: q.due_within === undefined ? undefined : addDays(today, q.due_within),
    level: q.level,
    code: q.code,
    region,
    poleId: q.pole,
    circuit: q.circuit,
    assignee: q.assignee === "me" ? actor.userId : q.assignee === "none" ? null : q.assignee,
    observedFrom: q.observed_from,
    observedTo: q.observed_to,
    sort,
    after: q.cursor === undefined ? undefined : decodeCursor(q.cursor, sort),
    limit: (q.limit ?? FINDINGS_PAGE_LIMIT) + 1,
  };
}
