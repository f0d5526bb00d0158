import { poleListSchema, type PoleSummary } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "./pole-keys";

/** The poles drawn in one region (by the pole's own position). */
export async function getRegionPoles(regionId: string, signal?: AbortSignal): Promise<PoleSummary[]> {
  const url = `/api/poles?region=${encodeURIComponent(regionId)}`;
  return (await apiClient.get(url, poleListSchema, { signal })).poles;
}

/** Nothing is asked while `regionId` is null. */
export function useRegionPoles(regionId: string | null) {
  return useQuery({
    queryKey: poleKeys.region(regionId ?? ""),
    queryFn: ({ signal }) => getRegionPoles(regionId ?? "", signal),
    enabled: regionId !== null,
  });
}
