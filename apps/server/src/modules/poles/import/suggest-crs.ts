/**
 * The likely systems of positions that look projected: those in metres or feet whose area of use
 * holds every sampled position once converted from them. A UTM zone's coordinates fit every zone
 * of its hemisphere (each puts them 6° further along), and a state plane's fit the other zones of
 * its state, so the area alone cannot tell them apart. They are ranked: first the systems that put
 * the rows near the workspace's own poles and photos (where it works), then the systems utilities
 * use (common-systems.ts), then the smallest area (a state plane zone before a continent's), then
 * the lowest code. Systems that put the positions in the same places (a zone on NAD83 and on its
 * later realisations) are offered once, as the best ranked, so the ten offered are ten different
 * answers. The work is bounded: at most MAX_SAMPLED positions, each system
 * proj4 can build tried once, and it stops trying a system at its first position outside.
 */
import { MAX_SUGGESTED_CRS } from "@poleatlas/shared";
import { convertible, crsEntries, type CrsEntry } from "../../../formats/coordinate-systems";
import { familiarity } from "./common-systems";

/** The positions of a file that are tried against each system. */
export const MAX_SAMPLED = 20;

const LINEAR_UNITS = new Set(["metre", "US survey foot", "foot"]);
/** Areas of use are rounded to hundredths of a degree. */
const MARGIN_DEGREES = 0.01;

function holds(s: CrsEntry, lon: number, lat: number): boolean {
  if (!(lat >= s.south - MARGIN_DEGREES && lat <= s.north + MARGIN_DEGREES)) return false;
  // An area across the antimeridian runs from its west edge east past 180°.
  return s.west <= s.east
    ? lon >= s.west - MARGIN_DEGREES && lon <= s.east + MARGIN_DEGREES
    : lon >= s.west - MARGIN_DEGREES || lon <= s.east + MARGIN_DEGREES;
}

const areaOf = (s: CrsEntry) =>
  (s.north - s.south) * (s.west <= s.east ? s.east - s.west : 360 - s.west + s.east);

/** How far from one of the workspace's places rows still count as near it. */
export const NEAR_KM = 100;
const KM_PER_DEGREE = 111.32;

/** Whether [lon, lat] lies within NEAR_KM of one of `places`. */
function nearAny(places: readonly [number, number][], lon: number, lat: number): boolean {
  const cos = Math.cos((lat * Math.PI) / 180);
  return places.some(([plon, plat]) => {
    const dlon = Math.abs(lon - plon) % 360;
    return Math.hypot(Math.min(dlon, 360 - dlon) * cos, lat - plat) * KM_PER_DEGREE <= NEAR_KM;
  });
}

/**
 * `places`: where the workspace already has poles or photos (longitude, latitude), the best sign
 * of which of several fitting systems the rows are in.
 */
export async function suggestSystems(
  points: [number, number][],
  places: readonly [number, number][] = [],
): Promise<{ code: string; name: string }[]> {
  if (points.length === 0) return [];
  const sample = points.slice(0, MAX_SAMPLED);
  const found: { s: CrsEntry; at: string; rank: number }[] = [];
  for (const s of (await crsEntries()).values()) {
    if (!s.projected || !LINEAR_UNITS.has(s.unit)) continue;
    const system = convertible(s);
    if (!system) continue;
    let first = null as [number, number] | null;
    const inside = sample.every((xy) => {
      try {
        const [lon, lat] = system.toWgs84(xy[0], xy[1]);
        first ??= [lon, lat];
        return holds(s, lon, lat);
      } catch {
        return false;
      }
    });
    if (!inside || !first) continue;
    const [lon, lat] = first;
    const near = nearAny(places, lon, lat);
    // Where the first position lands, to the metre: the systems' answer told apart.
    found.push({ s, at: `${lon.toFixed(5)},${lat.toFixed(5)}`, rank: (near ? 0 : 10) + familiarity(s) });
  }
  found.sort((a, b) => a.rank - b.rank || areaOf(a.s) - areaOf(b.s) || a.s.epsg - b.s.epsg);
  const landed = new Set<string>();
  const offered: { code: string; name: string }[] = [];
  for (const { s, at } of found) {
    if (landed.has(at)) continue;
    landed.add(at);
    offered.push({ code: s.code, name: s.name });
    if (offered.length === MAX_SUGGESTED_CRS) break;
  }
  return offered;
}
