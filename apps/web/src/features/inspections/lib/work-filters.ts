/** The work list's filters in the address (/work?assignee=me…), so a filter is a link. */
import { WORK_STATUSES } from "@poleatlas/shared";
import { DEFAULT_FINDING_FILTERS, filterParams, type FindingFilters } from "../api/findings";

const text = (v: string | null) => (v === null || v === "" ? null : v);

export function filtersFromSearch(params: URLSearchParams): FindingFilters {
  const status = params.get("status");
  const level = Number(params.get("level"));
  const within = params.get("due_within");
  return {
    status:
      status === "all" ||
      status === "unresolved" ||
      (WORK_STATUSES as readonly string[]).includes(status ?? "")
        ? (status as FindingFilters["status"])
        : DEFAULT_FINDING_FILTERS.status,
    overdue: params.get("overdue") === "true",
    level: level === 1 || level === 2 || level === 3 ? level : null,
    region: text(params.get("region")),
    code: text(params.get("code")),
    assignee: text(params.get("assignee")),
    circuit: text(params.get("circuit")),
    dueWithin: within !== null && /^\d+$/.test(within) ? Number(within) : null,
    observedFrom: text(params.get("observed_from")),
    observedTo: text(params.get("observed_to")),
    sort: text(params.get("sort")) ?? DEFAULT_FINDING_FILTERS.sort,
  };
}

export function searchOfFilters(f: FindingFilters): URLSearchParams {
  const q = new URLSearchParams(filterParams(f));
  if (q.get("status") === DEFAULT_FINDING_FILTERS.status) q.delete("status");
  if (f.sort !== DEFAULT_FINDING_FILTERS.sort) q.set("sort", f.sort);
  return q;
}
