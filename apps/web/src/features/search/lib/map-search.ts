/**
 * The map's search box: coordinates and region names from what the map holds, pole labels from
 * the server (every pole of the workspace, from any view). Without a connection it falls back to
 * the labels of the region on screen, and a text nothing matched is said to need the internet
 * (a place name cannot be looked up offline) instead of a bare '(not found)'.
 */
import {
  poleName,
  searchTexts,
  type PoleMarkers,
  type PoleSearchHit,
  type RegionSummary,
} from "@poleatlas/shared";
import { ApiError } from "../../../lib/api-client";
import { searchGlobe, type SearchHit } from "./local-search";

/** A hit, or a notice to show in the box instead of one (it leads nowhere). */
export type MapSearchHit = SearchHit | { kind: "notice"; displayName: string };

export interface MapSearchSources {
  regions: readonly RegionSummary[];
  /** The poles of the region on screen: searched by label when the server cannot be asked. */
  poles: PoleMarkers | null;
  searchPoles: (q: string, limit: number) => Promise<PoleSearchHit[]>;
  /** The browser's word on the network (navigator.onLine). */
  online: () => boolean;
}

/** Suggestions shown while typing (the globe's box lists 5 at most). */
export const SEARCH_LIMIT = 5;

/** No network, or the server (or a gateway before it) not answering. */
const unreachable = (e: unknown) =>
  e instanceof ApiError && (e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504);

export async function searchMap(
  query: string,
  sources: MapSearchSources,
  limit = SEARCH_LIMIT,
): Promise<MapSearchHit[]> {
  const text = query.trim();
  if (!text) return [];
  const local = searchGlobe(text, sources.regions, null, limit);
  if (local[0]?.kind === "coordinates") return local;

  const regionName = new Map(sources.regions.map((r) => [r.id, r.name]));
  let poles: MapSearchHit[];
  let offline = !sources.online();
  try {
    if (offline) throw new ApiError(0, "offline", "offline");
    const found = await sources.searchPoles(text, limit);
    poles = found.map((p) => ({
      kind: "pole",
      id: p.id,
      regionId: p.region_id,
      displayName: searchTexts.poleHit(poleName(p), regionName.get(p.region_id)),
      longitude: p.longitude,
      latitude: p.latitude,
    }));
  } catch (e) {
    if (!unreachable(e)) console.error("Pole search failed", e);
    offline ||= unreachable(e);
    poles = searchGlobe(text, [], sources.poles, limit);
  }
  const hits = [...local, ...poles].slice(0, limit);
  if (hits.length === 0 && offline)
    return [{ kind: "notice", displayName: searchTexts.placeNeedsInternet(text) }];
  return hits;
}
