/**
 * What the search box finds without asking the server: "lat, lon" coordinates, region names
 * ('Region 3') and the tags and labels of the poles of the region on screen (all the map holds of
 * poles; every other pole is found by the server, map-search.ts). Pure, so it is unit-tested directly.
 */
import { poleName, regionKey, type PoleMarkers, type RegionSummary } from "@poleatlas/shared";

export type SearchHit =
  | { kind: "coordinates"; displayName: string; longitude: number; latitude: number }
  | { kind: "region"; id: string; displayName: string; longitude: number; latitude: number }
  | {
      kind: "pole";
      id: string;
      /** The region the pole is drawn in (its own position's). */
      regionId: string;
      displayName: string;
      longitude: number;
      latitude: number;
    };

const NUMBER = String.raw`[-+]?\d+(?:\.\d+)?`;
const COORDINATES = new RegExp(String.raw`^\s*(${NUMBER})\s*[,;\s]\s*(${NUMBER})\s*$`);

/** "52.52, 13.405" (latitude first, as people write it) → a position, or undefined. */
export function parseCoordinates(query: string): { latitude: number; longitude: number } | undefined {
  const m = COORDINATES.exec(query);
  if (!m) return undefined;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

export function searchGlobe(
  query: string,
  regions: readonly RegionSummary[],
  poles: PoleMarkers | null,
  limit = 5,
): SearchHit[] {
  const text = query.trim();
  if (!text) return [];
  const coords = parseCoordinates(text);
  if (coords)
    return [{ kind: "coordinates", displayName: `${coords.latitude}, ${coords.longitude}`, ...coords }];

  const needle = text.toLowerCase();
  const hits: SearchHit[] = [];
  // Exact region names first, so 'Region 1' is not buried under 'Region 10'…'Region 19'.
  const exact = regions.filter((r) => r.name.toLowerCase() === needle);
  const partial = regions.filter(
    (r) => r.name.toLowerCase() !== needle && r.name.toLowerCase().includes(needle),
  );
  for (const r of [...exact, ...partial]) {
    if (hits.length >= limit) return hits;
    hits.push({
      kind: "region",
      id: r.id,
      displayName: r.name,
      longitude: r.longitude,
      latitude: r.latitude,
    });
  }
  return [...hits, ...polesMatching(needle, poles, limit - hits.length)];
}

/**
 * The poles of the columns whose tag or label holds `needle` (lower case): an exact tag or label
 * first, then those starting with it, then the rest, each in the columns' order, as the server
 * ranks them.
 */
function polesMatching(needle: string, poles: PoleMarkers | null, limit: number): SearchHit[] {
  if (!poles || limit <= 0) return [];
  const { ids, tags, labels, longitudes, latitudes } = poles;
  const ranked: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < ids.length; i++) {
    const tag = (tags?.[i] ?? "").toLowerCase();
    const label = (labels[ids[i]!] ?? "").toLowerCase();
    if (tag === needle || label === needle) ranked[0].push(i);
    else if (tag.startsWith(needle) || label.startsWith(needle)) ranked[1].push(i);
    else if (tag.includes(needle) || label.includes(needle)) ranked[2].push(i);
  }
  const hits: SearchHit[] = [];
  for (const i of ranked.flat()) {
    if (hits.length >= limit) break;
    const longitude = longitudes[i];
    const latitude = latitudes[i];
    if (longitude === undefined || latitude === undefined) continue;
    const id = ids[i]!;
    hits.push({
      kind: "pole",
      id,
      regionId: regionKey(longitude, latitude),
      displayName: poleName({ tag: tags?.[i] || null, label: labels[id] ?? "" }),
      longitude,
      latitude,
    });
  }
  return hits;
}
