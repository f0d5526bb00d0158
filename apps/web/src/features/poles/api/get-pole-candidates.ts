/** GET /api/poles?ids=: the move list's poles with their tag, photo count and latest thumbnail. */
import { poleTagResponseSchema, type PoleTagHit } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "./pole-keys";

export async function getPoleCandidates(ids: readonly string[], signal?: AbortSignal): Promise<PoleTagHit[]> {
  const url = `/api/poles?ids=${ids.join(",")}`;
  return (await apiClient.get(url, poleTagResponseSchema, { signal })).poles;
}

/** Asked only while `enabled` (the list is open) and for at most the menu's 50 poles. */
export function usePoleCandidates(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: [...poleKeys.all, "candidates", ids.join(",")],
    queryFn: ({ signal }) => getPoleCandidates(ids, signal),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
  });
}
