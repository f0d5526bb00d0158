/**
 * The search function the globe's box calls, stable across renders (it reads the latest regions
 * and poles). While typing, a suggestion waits a moment and is dropped when the user typed on, so
 * the server is asked once per pause rather than once per key, and an older answer arriving late
 * never replaces the list of a newer text.
 */
import type { PoleMarkers, RegionSummary } from "@poleatlas/shared";
import { useCallback, useEffect, useRef } from "react";
import { searchPoles } from "../api/search-poles";
import { searchMap, type MapSearchHit } from "../lib/map-search";

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_PAUSE_MS = 150;

export type MapSearch = (query: string, options: { suggest: boolean }) => Promise<MapSearchHit[]>;

export function useMapSearch(regions: readonly RegionSummary[], poles: PoleMarkers | null): MapSearch {
  const latest = useRef({ regions, poles });
  useEffect(() => {
    latest.current = { regions, poles };
  });
  const calls = useRef(0);
  return useCallback(async (query, { suggest }) => {
    const call = ++calls.current;
    if (suggest) {
      await new Promise((resolve) => setTimeout(resolve, SUGGEST_PAUSE_MS));
      if (call !== calls.current) return [];
    }
    const hits = await searchMap(query, {
      ...latest.current,
      searchPoles: (q, limit) => searchPoles(q, limit),
      online: () => navigator.onLine !== false,
    });
    return suggest && call !== calls.current ? [] : hits;
  }, []);
}
