/**
 * "Move to another pole" lists the region's other poles nearest first. A region can hold 100k
 * poles: the menu offers only the nearest MOVE_MENU_SIZE (a photo is moved to a pole next to it,
 * not across the region), picked in one pass over the compact form's columns without sorting all.
 */
import type { PoleMarkers } from "@poleatlas/shared";

/** The menu's length: the nearest 50 poles. */
export const MOVE_MENU_SIZE = 50;

export interface NearPole {
  id: string;
  label: string;
  count: number;
  /** From the photo, in metres (great circle, the server's Earth radius). */
  metres: number;
  /** From the photo to the pole, in degrees clockwise from north. */
  bearing: number;
}

const EARTH_RADIUS_M = 6371008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine) and initial bearing from `here` to the point. */
export function distanceAndBearing(
  here: { latitude: number; longitude: number },
  lat: number,
  lon: number,
): { metres: number; bearing: number } {
  const φ1 = rad(here.latitude);
  const φ2 = rad(lat);
  const Δλ = rad(lon - here.longitude);
  const h = Math.sin((φ2 - φ1) / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) ** 2;
  const metres = 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return { metres, bearing };
}

/** Good enough to order a region's poles by nearness (a region is 0.1° wide). */
function roughDistance(lat: number, lon: number, here: { latitude: number; longitude: number }) {
  const dLon = (lon - here.longitude) * Math.cos((here.latitude * Math.PI) / 180);
  return Math.hypot(lat - here.latitude, dLon);
}

/** The poles of `poles` other than `exceptId`, nearest to `here` first, at most `max`. */
export function nearestPoles(
  poles: PoleMarkers | undefined,
  here: { latitude: number; longitude: number },
  exceptId: string,
  max = MOVE_MENU_SIZE,
): NearPole[] {
  if (!poles || max <= 0) return [];
  // The nearest so far, sorted by distance: a new one is inserted only when it beats the last.
  const best: { i: number; d: number }[] = [];
  for (let i = 0; i < poles.ids.length; i++) {
    if (poles.ids[i] === exceptId) continue;
    const d = roughDistance(poles.latitudes[i] ?? NaN, poles.longitudes[i] ?? NaN, here);
    if (!Number.isFinite(d)) continue;
    if (best.length === max && d >= best[max - 1]!.d) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.d > d) at--;
    best.splice(at, 0, { i, d });
    if (best.length > max) best.pop();
  }
  return best.map(({ i }) => {
    const id = poles.ids[i]!;
    const { metres, bearing } = distanceAndBearing(here, poles.latitudes[i]!, poles.longitudes[i]!);
    return { id, label: poles.labels[id] ?? "", count: poles.counts[i] ?? 0, metres, bearing };
  });
}
