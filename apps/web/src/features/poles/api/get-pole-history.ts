/** GET /api/poles/:id/history: the pole's audit entries, newest first, a page at a time. */
import { auditListSchema } from "@poleatlas/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "./pole-keys";

/** Entries per page: a record's section, read a few at a time. */
export const POLE_HISTORY_PAGE = 20;

export function poleHistoryQueryOptions(poleId: string) {
  return infiniteQueryOptions({
    // Under the pole's keys: whatever refreshes the pole after a change refreshes its history.
    queryKey: [...poleKeys.all, "history", poleId],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(POLE_HISTORY_PAGE) });
      if (pageParam) query.set("cursor", pageParam);
      return apiClient.get(`/api/poles/${encodeURIComponent(poleId)}/history?${query}`, auditListSchema, {
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePoleHistory(poleId: string) {
  return useInfiniteQuery(poleHistoryQueryOptions(poleId));
}
