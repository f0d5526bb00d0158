/**
 * Where a track was at an instant: exiftool's -geotag rule, so a photo lands where exiftool would
 * put it. The two points around the instant are found by bisection (an instant equal to a point
 * takes that point as the earlier one); latitude and longitude are each interpolated linearly in
 * time, v1·f + v0·(1 − f), the longitude the short way across ±180°. Points further apart than
 * the largest gap place nothing between them: the logger lost its fix or was off.
 */
import type { TrackPoint } from "./track-point";

export type TrackPosition = { latitude: number; longitude: number } | { skipped: "outside_track" | "gap" };

/** `points` in time order, one per instant (readTrack's form). */
export function positionAt(points: TrackPoint[], ms: number, maxGapMs: number): TrackPosition {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || ms < first[0] || ms > last[0]) return { skipped: "outside_track" };
  if (points.length === 1) return { latitude: first[1], longitude: first[2] };
  let i0 = 0;
  let i1 = points.length - 1;
  while (i1 > i0 + 1) {
    const mid = Math.floor((i0 + i1) / 2);
    if (ms < points[mid]![0]) i1 = mid;
    else i0 = mid;
  }
  const [t0, lat0, lon0] = points[i0]!;
  const [t1, lat1, lon1] = points[i1]!;
  if (t1 - t0 > maxGapMs) {
    // In a gap only an instant on one of the two points has a position: that point's.
    if (ms === t0) return { latitude: lat0, longitude: lon0 };
    if (ms === t1) return { latitude: lat1, longitude: lon1 };
    return { skipped: "gap" };
  }
  const f = t1 === t0 ? 0 : (ms - t0) / (t1 - t0);
  return { latitude: lat1 * f + lat0 * (1 - f), longitude: cyclicLongitude(lon0, lon1, f) };
}

function cyclicLongitude(v0: number, v1: number, f: number): number {
  if (Math.abs(v1 - v0) <= 180) return v1 * f + v0 * (1 - f);
  // The short way crosses the antimeridian: lift the smaller one by 360° and fold back.
  let a = v0;
  let b = v1;
  if (a < b) a += 360;
  else b += 360;
  const v = b * f + a * (1 - f);
  return v >= 180 ? v - 360 : v;
}

/** Per instant: latitude and longitude (NaN when skipped) and why (0 placed, 1 outside, 2 gap). */
export interface Placed {
  latitudes: Float64Array<ArrayBuffer>;
  longitudes: Float64Array<ArrayBuffer>;
  skipped: Uint8Array<ArrayBuffer>;
}

/** positionAt for many instants, in arrays that cross between threads as they are. */
export function placeInstants(points: TrackPoint[], times: Float64Array, maxGapMs: number): Placed {
  const out: Placed = {
    latitudes: new Float64Array(times.length),
    longitudes: new Float64Array(times.length),
    skipped: new Uint8Array(times.length),
  };
  times.forEach((ms, i) => {
    const at = positionAt(points, ms, maxGapMs);
    if ("skipped" in at) {
      out.latitudes[i] = out.longitudes[i] = NaN;
      out.skipped[i] = at.skipped === "gap" ? 2 : 1;
    } else {
      out.latitudes[i] = at.latitude;
      out.longitudes[i] = at.longitude;
    }
  });
  return out;
}
