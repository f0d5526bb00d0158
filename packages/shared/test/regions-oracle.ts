/**
 * The region rule written out plainly, as a test oracle: photos grouped by rounded longitude and
 * latitude, named 'Region N' in order of first appearance in the list order. The server computes
 * regions in SQL (GET /api/regions); the property tests compare its answer with this.
 */
import {
  compareByDate,
  hasPosition,
  regionKey,
  roundToRegion,
  type RegionImage,
  type RegionSummary,
} from "../src/index";

export interface Region<T extends RegionImage = RegionImage> extends Omit<
  RegionSummary,
  "risk" | "overdue" | "inspectionDue"
> {
  /** The region's images in list order (date ascending). */
  images: T[];
}

/** Photos without a position belong to no region. */
export function groupIntoRegions<T extends RegionImage>(images: readonly T[]): Region<T>[] {
  const byKey = new Map<string, Region<T>>();
  for (const img of [...images].sort(compareByDate)) {
    if (!hasPosition(img)) continue;
    const id = regionKey(img.longitude, img.latitude);
    let region = byKey.get(id);
    if (!region) {
      region = {
        id,
        name: `Region ${byKey.size + 1}`,
        longitude: roundToRegion(img.longitude),
        latitude: roundToRegion(img.latitude),
        count: 0,
        bounds: { minLon: img.longitude, minLat: img.latitude, maxLon: img.longitude, maxLat: img.latitude },
        images: [],
      };
      byKey.set(id, region);
    }
    region.count += 1;
    region.images.push(img);
    const b = region.bounds;
    b.minLon = Math.min(b.minLon, img.longitude);
    b.maxLon = Math.max(b.maxLon, img.longitude);
    b.minLat = Math.min(b.minLat, img.latitude);
    b.maxLat = Math.max(b.maxLat, img.latitude);
  }
  return [...byKey.values()];
}
