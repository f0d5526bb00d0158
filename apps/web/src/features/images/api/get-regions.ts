import { regionListSchema, type RegionSummary } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./request";

export const regionKeys = { all: ["regions"] as const };

export async function getRegions(signal?: AbortSignal): Promise<RegionSummary[]> {
  return (await getJson("/api/regions", regionListSchema, signal)).regions;
}

export function regionsQueryOptions() {
  return queryOptions({ queryKey: regionKeys.all, queryFn: ({ signal }) => getRegions(signal) });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
