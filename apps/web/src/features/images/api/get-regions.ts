import { regionListSchema, type RegionSummary } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const regionKeys = { all: ["regions"] as const };

export async function getRegions(signal?: AbortSignal): Promise<RegionSummary[]> {
  return (await apiClient.get("/api/regions", regionListSchema, { signal })).regions;
}

export function regionsQueryOptions() {
  return queryOptions({ queryKey: regionKeys.all, queryFn: ({ signal }) => getRegions(signal) });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
