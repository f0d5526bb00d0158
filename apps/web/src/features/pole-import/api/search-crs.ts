/** GET /api/crs?q=: the coordinate systems whose code, name or area matches what was typed. */
import { crsListSchema, type CrsSystem } from "@poleatlas/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

/** Enough to find a zone by its state or country without scrolling a long list. */
export const CRS_SEARCH_LIMIT = 20;

export async function searchCrs(q: string, signal?: AbortSignal): Promise<CrsSystem[]> {
  const query = new URLSearchParams({ q, limit: String(CRS_SEARCH_LIMIT) });
  return (await apiClient.get(`/api/crs?${query}`, crsListSchema, { signal })).systems;
}

/** Nothing is asked for empty text; the last answer stays while the next one comes. */
export function useCrsSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ["crs", q.toLowerCase()],
    queryFn: ({ signal }) => searchCrs(q, signal),
    enabled: q !== "",
    placeholderData: keepPreviousData,
    // The EPSG list changes with the server's release, not while the dialog is open.
    staleTime: Infinity,
  });
}
