import { auditListSchema, type AuditAction, type AuditList } from "@poleatlas/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { adminKeys } from "./admin-keys";

export const AUDIT_PAGE_SIZE = 50;

/** The trail's filters; null (or "") is no filter. Days are YYYY-MM-DD, both ends included. */
export interface AuditFilters {
  action: AuditAction | null;
  actor: string | null;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: null, actor: null, from: "", to: "" };

/** The filters as a query string, in a fixed order (the list's and the export's). */
export function auditSearch(f: AuditFilters, query = new URLSearchParams()): URLSearchParams {
  if (f.action) query.set("action", f.action);
  if (f.actor) query.set("actor", f.actor);
  if (f.from) query.set("from", f.from);
  if (f.to) query.set("to", f.to);
  return query;
}

export async function getAudit(
  params: { filters: AuditFilters; cursor: string | null },
  signal?: AbortSignal,
): Promise<AuditList> {
  const query = auditSearch(params.filters, new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) }));
  if (params.cursor) query.set("cursor", params.cursor);
  return apiClient.get(`/api/audit?${query}`, auditListSchema, { signal });
}

/** Newest first, a page at a time. */
export function auditQueryOptions(teamId: string, filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit(teamId, auditSearch(filters).toString()),
    queryFn: ({ pageParam, signal }) => getAudit({ filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAudit(teamId: string, filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(teamId, filters));
}
