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
    return { id, label: poles.labels[id] ?? "", count: poles.counts[i] ?? 0 };
  });
}
