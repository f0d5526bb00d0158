/**
 * Points on the ground at a distance and bearing from another, on a sphere of the Earth's mean
 * radius: over the tens of metres a locate spans the error is millimetres. No Cesium here, so
 * the features can draw their previews without loading the globe's chunk.
 */
import type { PreviewPosition } from "./preview-store";

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Where one arrives going `distanceM` metres from `from` along `bearingDeg` (from north, clockwise). */
export function destination(from: PreviewPosition, bearingDeg: number, distanceM: number): PreviewPosition {
  const d = distanceM / EARTH_RADIUS_M;
  const b = rad(bearingDeg);
  const lat1 = rad(from.latitude);
  const lon1 = rad(from.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon1 +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: deg(lat2), longitude: ((deg(lon2) + 540) % 360) - 180 };
}

/** Great-circle distance in metres. */
export function distanceM(a: PreviewPosition, b: PreviewPosition): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A closed ring of `segments` + 1 points, `radiusM` around `centre` (the last repeats the first). */
export function circleRing(centre: PreviewPosition, radiusM: number, segments = 64): PreviewPosition[] {
  return Array.from({ length: segments + 1 }, (_, i) => destination(centre, (360 * i) / segments, radiusM));
}
