/**
 * The likely systems of positions that look projected: those in metres or feet whose area of use
 * holds every sampled position once converted from them, the smallest area first (a state plane
 * zone before a continent's). Systems that put the positions in the same places (a zone on NAD83
 * and on its later realisations) are offered once, as the one of smallest area, then lowest code,
 * so the ten offered are ten different answers. The work is bounded: at most MAX_SAMPLED positions, each system
 * proj4 can build tried once, and it stops trying a system at its first position outside.
 */
import { MAX_SUGGESTED_CRS } from "@poleatlas/shared";
import { convertible, crsEntries, type CrsEntry } from "../../../formats/coordinate-systems";

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

export async function suggestSystems(points: [number, number][]): Promise<{ code: string; name: string }[]> {
  if (points.length === 0) return [];
  const sample = points.slice(0, MAX_SAMPLED);
  const found: { s: CrsEntry; at: string }[] = [];
  for (const s of (await crsEntries()).values()) {
    if (!s.projected || !LINEAR_UNITS.has(s.unit)) continue;
    const system = convertible(s);
    if (!system) continue;
    let at = "";
    const inside = sample.every((xy) => {
      try {
        const [lon, lat] = system.toWgs84(xy[0], xy[1]);
        // Where the first position lands, to the metre: the systems' answer told apart.
        at ||= `${lon.toFixed(5)},${lat.toFixed(5)}`;
        return holds(s, lon, lat);
      } catch {
        return false;
      }
    });
    if (inside) found.push({ s, at });
  }
  const codeOf = (s: CrsEntry) => Number(s.code.slice(5));
  found.sort((a, b) => areaOf(a.s) - areaOf(b.s) || codeOf(a.s) - codeOf(b.s));
  const places = new Set<string>();
  const offered: { code: string; name: string }[] = [];
  for (const { s, at } of found) {
    if (places.has(at)) continue;
    places.add(at);
    offered.push({ code: s.code, name: s.name });
    if (offered.length === MAX_SUGGESTED_CRS) break;
  }
  return offered;
}
