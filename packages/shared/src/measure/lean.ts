/**
 * A pole's lean from its axis marked on photos. In one photo only the lean across the view shows
 * (the apparent lean: the axis's angle from the photo's vertical, the camera held level). Each
 * photo whose compass bearing and focal length are known puts the pole's axis in a plane through
 * the camera; two such planes from bearings at least 30° apart cross along the axis, which gives
 * the true lean and the direction it leans toward. A plumb line in the photo (a stick held
 * plumb, two points) measures how far the camera was turned about its axis (roll) and undoes it;
 * the camera is still taken as not tilted up or down.
 */
import type { Pixel } from "./pole-line";

export interface LeanView {
  /** The pole's axis: base first, then a point higher up. */
  axis: readonly [Pixel, Pixel];
  plumb?: readonly [Pixel, Pixel] | null;
  bearingDeg: number | null;
  focalPx: number | null;
  /** The photo as displayed, pixels (the principal point is taken at its centre). */
  width: number;
  height: number;
}

export type LeanFailure =
  "axis_too_short" | "plumb_too_short" | "missing_bearing" | "missing_focal_length" | "views_too_close";

export interface Lean {
  degrees: number;
  /** Compass direction the top leans toward, degrees from north; null for an apparent lean. */
  towardDeg: number | null;
  apparent: boolean;
}

export type LeanResult = { ok: true; lean: Lean } | { ok: false; reason: LeanFailure; index?: number };

/** Shorter marks than this give an angle no better than a few degrees. */
export const MIN_AXIS_PX = 20;
/** Views from nearer bearings (or nearly opposite ones) see nearly the same plane. */
export const MIN_VIEW_SEPARATION_DEG = 30;
/** Below this the direction of a lean means nothing. */
const NO_DIRECTION_BELOW_DEG = 0.1;

const DEG = 180 / Math.PI;
type Vec3 = [number, number, number];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** The segment's angle from straight up the photo, radians, positive leaning right. */
function tilt([a, b]: readonly [Pixel, Pixel]): number {
  let dx = b[0] - a[0];
  let dy = b[1] - a[1];
  if (dy > 0) [dx, dy] = [-dx, -dy];
  return Math.atan2(dx, -dy);
}

/** The roll the plumb line shows, radians (0 without one). */
function roll(view: LeanView): number {
  return view.plumb ? tilt(view.plumb) : 0;
}

/** The plane through the camera and the axis, as its normal in east-north-up. */
function axisPlane(view: LeanView, bearingDeg: number, focalPx: number): Vec3 {
  const r = -roll(view);
  const cx = view.width / 2;
  const cy = view.height / 2;
  const b = bearingDeg / DEG;
  const forward: Vec3 = [Math.sin(b), Math.cos(b), 0];
  const right: Vec3 = [Math.cos(b), -Math.sin(b), 0];
  const ray = ([u, v]: Pixel): Vec3 => {
    const x = (u - cx) * Math.cos(r) - (v - cy) * Math.sin(r);
    const y = (u - cx) * Math.sin(r) + (v - cy) * Math.cos(r);
    // x right, y down, the focal length forward.
    return [0, 1, 2].map((k) => x * right[k]! - y * (k === 2 ? 1 : 0) + focalPx * forward[k]!) as Vec3;
  };
  return cross(ray(view.axis[0]), ray(view.axis[1]));
}

const length = (s: readonly [Pixel, Pixel]) => Math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]);

function separationDeg(a: number, b: number): number {
  const d = (((a - b) % 180) + 180) % 180;
  return Math.min(d, 180 - d);
}

export function measureLean(views: readonly LeanView[]): LeanResult {
  for (const [index, v] of views.entries()) {
    if (length(v.axis) < MIN_AXIS_PX) return { ok: false, reason: "axis_too_short", index };
    if (v.plumb && length(v.plumb) < MIN_AXIS_PX) return { ok: false, reason: "plumb_too_short", index };
  }
  if (views.length === 1) {
    const v = views[0]!;
    const degrees = Math.abs(tilt(v.axis) - roll(v)) * DEG;
    return { ok: true, lean: { degrees, towardDeg: null, apparent: true } };
  }
  const planes: Vec3[] = [];
  for (const [index, v] of views.entries()) {
    if (v.bearingDeg === null) return { ok: false, reason: "missing_bearing", index };
    if (v.focalPx === null) return { ok: false, reason: "missing_focal_length", index };
    planes.push(axisPlane(v, v.bearingDeg, v.focalPx));
  }
  // Every pair's crossing, turned upward; weighting by |n1 × n2| favours the pairs far apart.
  const axis: Vec3 = [0, 0, 0];
  let widest = 0;
  for (let i = 0; i < views.length; i++) {
    for (let j = i + 1; j < views.length; j++) {
      widest = Math.max(widest, separationDeg(views[i]!.bearingDeg!, views[j]!.bearingDeg!));
      const a = planes[i]!.map((x) => x / Math.hypot(...planes[i]!)) as Vec3;
      const b = planes[j]!.map((x) => x / Math.hypot(...planes[j]!)) as Vec3;
      const d = cross(a, b);
      const sign = d[2] < 0 ? -1 : 1;
      for (let k = 0; k < 3; k++) axis[k]! += sign * d[k]!;
    }
  }
  if (widest < MIN_VIEW_SEPARATION_DEG) return { ok: false, reason: "views_too_close" };
  const norm = Math.hypot(...axis);
  const degrees = Math.acos(Math.min(1, axis[2] / norm)) * DEG;
  const toward = (((Math.atan2(axis[0], axis[1]) * DEG) % 360) + 360) % 360;
  return {
    ok: true,
    lean: { degrees, towardDeg: degrees < NO_DIRECTION_BELOW_DEG ? null : toward, apparent: false },
  };
}
