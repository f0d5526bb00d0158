/** GET /api/basemaps: the operator's imagery layers for the globe's picker. */
import { basemapsResponseSchema } from "@poleatlas/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client";

export function useBasemaps() {
  return useQuery({
    queryKey: ["basemaps"],
    queryFn: ({ signal }) => apiClient.get("/api/basemaps", basemapsResponseSchema, { signal }),
    // Set at the server's start: read once per page.
    staleTime: Infinity,
  });
}
