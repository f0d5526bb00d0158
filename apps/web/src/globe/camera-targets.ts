/** Where the camera goes, computed without Cesium so it is unit-tested. */
import type { RegionSummary } from "@poleatlas/shared";
import type { ViewBox } from "./markers";

/**
 * The farthest the mouse wheel may zoom out, in metres above the ground. Cesium's default is
 * unlimited: a few wheel turns (zooming along the ray under an off-centre cursor) left the camera
 * millions of kilometres out with no globe on screen. The whole-world overview sits at ~8,000 km.
 */
export const MAX_ZOOM_OUT_M = 25_000_000;

/** The middle of a region's photos (its bounds), which the region flight looks straight down on. */
export function regionCenter(region: Pick<RegionSummary, "bounds">): { longitude: number; latitude: number } {
  const { minLon, maxLon, minLat, maxLat } = region.bounds;
  return { longitude: (minLon + maxLon) / 2, latitude: (minLat + maxLat) / 2 };
}

/** Minimum margin around the regions, in degrees: a lone region is shown with its surroundings. */
const MIN_PAD_DEG = 0.5;

/** A box holding every region with some margin: the overview's (and the home button's) view. */
export function overviewBox(regions: readonly Pick<RegionSummary, "bounds">[]): ViewBox {
  if (regions.length === 0) return { west: -180, south: -90, east: 180, north: 90 };
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { bounds } of regions) {
    west = Math.min(west, bounds.minLon);
    south = Math.min(south, bounds.minLat);
    east = Math.max(east, bounds.maxLon);
    north = Math.max(north, bounds.maxLat);
  }
  const padLon = Math.max(MIN_PAD_DEG, (east - west) * 0.2);
  const padLat = Math.max(MIN_PAD_DEG, (north - south) * 0.2);
  return {
    west: Math.max(-180, west - padLon),
    south: Math.max(-90, south - padLat),
    east: Math.min(180, east + padLon),
    north: Math.min(90, north + padLat),
  };
}

/**
 * Leaving a region (zoomed out above the limit, the Map entry, its last photo deleted) always
 * brings the camera back to the overview's framing: a zoom-out can end anywhere, even with the
 * regions off screen. Staying in the overview never moves the camera (the user is browsing it).
 */
export function returnsToOverview(was: "overview" | "region", now: "overview" | "region"): boolean {
  return was === "region" && now === "overview";
}
