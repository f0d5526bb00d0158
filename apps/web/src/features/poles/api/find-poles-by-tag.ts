/** GET /api/poles?tag=PREFIX: the workspace's poles whose tag or label starts so (≤ 50). */
import { poleTagResponseSchema, type PoleTagHit } from "@poleatlas/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "./pole-keys";

export const TAG_SEARCH_LIMIT = 20;

export async function findPolesByTag(prefix: string, signal?: AbortSignal): Promise<PoleTagHit[]> {
  const query = new URLSearchParams({ tag: prefix, limit: String(TAG_SEARCH_LIMIT) });
  return (await apiClient.get(`/api/poles?${query}`, poleTagResponseSchema, { signal })).poles;
}

/** Nothing is asked for an empty prefix; the last answer stays while the next one comes. */
export function usePolesByTag(prefix: string) {
  const q = prefix.trim();
  return useQuery({
    queryKey: [...poleKeys.all, "tag", q.toLowerCase()],
    queryFn: ({ signal }) => findPolesByTag(q, signal),
    enabled: q !== "",
    placeholderData: keepPreviousData,
  });
}
