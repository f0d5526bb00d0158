/** The workspace's regions by id ('Region N'), for the filters and the dashboard's chart. */
import { regionListSchema, type RegionSummary } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export function useRegions() {
  return useQuery({
    queryKey: ["findings", "regions"],
    queryFn: ({ signal }): Promise<{ regions: RegionSummary[] }> =>
      apiClient.get("/api/regions", regionListSchema, { signal }),
  });
}

export function useRegionNames(): Map<string, string> {
  const regions = useRegions();
  return new Map((regions.data?.regions ?? []).map((r) => [r.id, r.name]));
}
