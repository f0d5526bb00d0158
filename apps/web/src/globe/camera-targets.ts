/** Where the camera goes, computed without Cesium so it is unit-tested. */
import type { RegionSummary } from "@poleatlas/shared";

/**
 * The farthest the mouse wheel may zoom out, in metres above the ground. Cesium's default is
 * unlimited: a few wheel turns (zooming along the ray under an off-centre cursor) left the camera
 * millions of kilometres out with no globe on screen. The whole-world overview sits at ~8,000 km.
 */
export const MAX_ZOOM_OUT_M = 25_000_000;

/** The globe as a sphere of the Earth's mean radius: close enough to frame a view. */
const EARTH_RADIUS_M = 6_371_008;

export interface LonLat {
  longitude: number;
  latitude: number;
}

/** A straight-down camera: the point below it and its height above the ground. */
export interface CameraTarget extends LonLat {
  height: number;
}

/**
 * What the camera sees of the canvas: the tangents of half its view angle across and up, each
 * already narrowed by the margin kept free at the edges (see lensOf).
 */
export interface Lens {
  tanX: number;
  tanY: number;
}

/**
 * The lens of a perspective camera (Cesium's `fov` is the angle across the longer side of the
 * canvas) on a canvas of `width` × `height` CSS pixels, keeping `margin` pixels free on each side
 * (at most a third of the side).
 */
export function lensOf(
  fovRad: number,
  width: number,
  height: number,
  margin: { x: number; y: number },
): Lens {
  const tanHalf = Math.tan(fovRad / 2);
  const aspect = width / height;
  const [tanX, tanY] = aspect >= 1 ? [tanHalf, tanHalf / aspect] : [tanHalf * aspect, tanHalf];
  const keep = (px: number, side: number) => Math.max(1 / 3, 1 - (2 * px) / side);
  return { tanX: tanX * keep(margin.x, width), tanY: tanY * keep(margin.y, height) };
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

type Vec = [number, number, number];

function unit({ longitude, latitude }: LonLat): Vec {
  const [lon, lat] = [rad(longitude), rad(latitude)];
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The middle of the points on the globe (their mean direction); the first one when they cancel out. */
export function middleOf(points: readonly LonLat[]): LonLat {
  const sum: Vec = [0, 0, 0];
  for (const p of points) {
    const u = unit(p);
    for (let i = 0; i < 3; i++) sum[i]! += u[i]!;
  }
  const length = Math.hypot(...sum);
  if (length < 1e-9 * points.length) return points[0] ?? { longitude: 0, latitude: 0 };
  return { longitude: deg(Math.atan2(sum[1], sum[0])), latitude: deg(Math.asin(sum[2] / length)) };
}

/**
 * The lowest straight-down camera over `center` (north up) that shows every point inside the
 * lens, in front of the globe's edge; never below `minHeight`, and at most `maxHeight` (points
 * more than a quarter of the globe apart cannot all be seen from one place).
 */
export function heightToShow(
  center: LonLat,
  points: readonly LonLat[],
  lens: Lens,
  minHeight: number,
  maxHeight = MAX_ZOOM_OUT_M,
): number {
  const c = unit(center);
  // East and north at the centre: the canvas's x and y for a camera looking straight down.
  const flat = Math.hypot(c[0], c[1]);
  const east: Vec = flat > 1e-12 ? [-c[1] / flat, c[0] / flat, 0] : [0, 1, 0];
  const north: Vec = [
    c[1] * east[2] - c[2] * east[1],
    c[2] * east[0] - c[0] * east[2],
    c[0] * east[1] - c[1] * east[0],
  ];
  const R = EARTH_RADIUS_M;
  let distance = R + minHeight; // from the Earth's centre
  for (const p of points) {
    const u = unit(p);
    const cos = dot(u, c);
    // A point seen at the globe's edge is a sliver: keep it well in front of the horizon.
    if (cos < 0.2) return maxHeight;
    const across = R * cos + (R * Math.abs(dot(u, east))) / lens.tanX;
    const up = R * cos + (R * Math.abs(dot(u, north))) / lens.tanY;
    // The horizon reaches the point at R / cos from the centre; a third higher it is clearly seen.
    const inFront = R + (R / cos - R) * 1.3;
    distance = Math.max(distance, across, up, inFront);
  }
  return Math.min(maxHeight, distance - R);
}

/** The corners of a region's photos. */
function cornersOf({ bounds }: Pick<RegionSummary, "bounds">): LonLat[] {
  return [
    { longitude: bounds.minLon, latitude: bounds.minLat },
    { longitude: bounds.maxLon, latitude: bounds.maxLat },
    { longitude: bounds.minLon, latitude: bounds.maxLat },
    { longitude: bounds.maxLon, latitude: bounds.minLat },
  ];
}

/**
 * The first view and the home button's: every region's marker in view with the lens's margin,
 * never closer than `minHeight` (a lone region is seen from at least the region zoom height).
 * Undefined without regions: the globe keeps its default view of the whole Earth.
 */
export function overviewTarget(
  regions: readonly Pick<RegionSummary, "longitude" | "latitude" | "bounds">[],
  lens: Lens,
  minHeight: number,
): CameraTarget | undefined {
  if (regions.length === 0) return undefined;
  const points: LonLat[] = regions.flatMap((r) => [
    { longitude: r.longitude, latitude: r.latitude },
    ...cornersOf(r),
  ]);
  const center = middleOf(points);
  return { ...center, height: heightToShow(center, points, lens, minHeight) };
}

/** The bounds of a set of positions, as a region's. */
export function boundsOf(points: readonly LonLat[]): RegionSummary["bounds"] | undefined {
  if (points.length === 0) return undefined;
  const bounds = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const { longitude, latitude } of points) {
    bounds.minLon = Math.min(bounds.minLon, longitude);
    bounds.maxLon = Math.max(bounds.maxLon, longitude);
    bounds.minLat = Math.min(bounds.minLat, latitude);
    bounds.maxLat = Math.max(bounds.maxLat, latitude);
  }
  return bounds;
}

/**
 * A region's view: straight down over the middle of its poles' bounds at the region zoom height,
 * or higher where the poles do not all fit in the lens from there.
 */
export function regionTarget(
  region: Pick<RegionSummary, "bounds">,
  lens: Lens,
  zoomHeight: number,
): CameraTarget {
  const center = regionCenter(region);
  return { ...center, height: heightToShow(center, cornersOf(region), lens, zoomHeight) };
}

/** The middle of a region's photos (its bounds), which the region flight looks straight down on. */
export function regionCenter(region: Pick<RegionSummary, "bounds">): LonLat {
  const { minLon, maxLon, minLat, maxLat } = region.bounds;
  return { longitude: (minLon + maxLon) / 2, latitude: (minLat + maxLat) / 2 };
}

/**
 * The height above which a zoom-out leaves the region view: the spec's limit, or a little above
 * the region's own view where its poles only fit from higher up than that.
 */
export function overviewReturnHeight(limit: number, regionViewHeight: number | undefined): number {
  return Math.max(limit, (regionViewHeight ?? 0) * 1.5);
}
