import { poleMarkersSchema, type PoleMarkers } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "./pole-keys";

/**
 * The poles drawn in one region (by the pole's own position), in the compact form: a
 * few MB at 100k poles. A pole's photos come with GET /api/poles/:id when it is selected.
 */
export async function getRegionPoles(regionId: string, signal?: AbortSignal): Promise<PoleMarkers> {
  const url = `/api/poles?region=${encodeURIComponent(regionId)}`;
  return apiClient.get(url, poleMarkersSchema, { signal });
}

/** Nothing is asked while `regionId` is null. */
export function useRegionPoles(regionId: string | null) {
  return useQuery({
    queryKey: poleKeys.region(regionId ?? ""),
    queryFn: ({ signal }) => getRegionPoles(regionId ?? "", signal),
    enabled: regionId !== null,
  });
}
