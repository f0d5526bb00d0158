import { poleTimelineSchema, type PoleTimeline } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { poleKeys } from "./pole-keys";

export type { PoleTimeline };

/** GET /api/poles/:id: the pole and its photos (full records), what the panel shows of it. */
export async function getPole(id: string, signal?: AbortSignal): Promise<PoleTimeline> {
  return apiClient.get(`/api/poles/${encodeURIComponent(id)}`, poleTimelineSchema, { signal });
}

/** A timeline just fetched for a click is not asked for again when the panel shows it. */
const TIMELINE_FRESH_MS = 30_000;

export function poleTimelineQueryOptions(id: string) {
  return queryOptions({
    queryKey: poleKeys.one(id),
    queryFn: ({ signal }) => getPole(id, signal),
    // Changes made here invalidate it (patch-image, patch-pole, deletions, uploads).
    staleTime: TIMELINE_FRESH_MS,
  });
}

/** The pole `id` and its timeline; nothing is asked while it is null. */
export function usePoleTimeline(id: string | null) {
  return useQuery({ ...poleTimelineQueryOptions(id ?? ""), enabled: id !== null });
}
