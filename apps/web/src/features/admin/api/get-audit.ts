import { auditListSchema, type AuditAction, type AuditList } from "@poleatlas/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { adminKeys } from "./admin-keys";

export const AUDIT_PAGE_SIZE = 50;

export async function getAudit(
  params: { action: AuditAction | null; cursor: string | null },
  signal?: AbortSignal,
): Promise<AuditList> {
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (params.action) query.set("action", params.action);
  if (params.cursor) query.set("cursor", params.cursor);
  return apiClient.get(`/api/audit?${query}`, auditListSchema, { signal });
}

/** Newest first, a page at a time; `action` null is every action. */
export function auditQueryOptions(teamId: string, action: AuditAction | null) {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit(teamId, action ?? "all"),
    queryFn: ({ pageParam, signal }) => getAudit({ action, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAudit(teamId: string, action: AuditAction | null) {
  return useInfiniteQuery(auditQueryOptions(teamId, action));
}
