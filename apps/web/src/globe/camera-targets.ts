/** Where the camera goes, computed without Cesium so it is unit-tested. */
import type { RegionSummary } from "@poleatlas/shared";
import type { ViewBox } from "./markers";

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
