/**
 * Region grouping and timelines (DESIGN.md "Rules both sides share"). The server's
 * `GET /api/regions` reproduces exactly this in SQL; a property test holds the two together.
 */
import type { RegionSummary } from "./schemas";

/** What grouping needs of an image record (ImageRecord has all of it). */
export interface RegionImage {
  id: string;
  date: string | null;
  created_at: string;
  latitude: number | null;
  longitude: number | null;
}

export interface Region<T extends RegionImage = RegionImage> extends RegionSummary {
  /** The region's images in list order (date ascending). */
  images: T[];
}

/** JavaScript's Math.round (halves towards +∞, so -0.05 → -0, -0.15 → -0.1) to one decimal. */
export function roundToRegion(v: number): number {
  // `+ 0` turns -0 into 0, so a key and a JSON number never differ in sign of zero.
  return Math.round(v * 10) / 10 + 0;
}

/** The region id: rounded longitude and latitude, "lon,lat". */
export function regionKey(lon: number, lat: number): string {
  return `${roundToRegion(lon)},${roundToRegion(lat)}`;
}

const KEY = /^(-?\d{1,3}(?:\.\d)?),(-?\d{1,2}(?:\.\d)?)$/;

/** The rounded centre named by a region id, or null when the id is not one regionKey makes. */
export function parseRegionKey(id: string): { longitude: number; latitude: number } | null {
  const m = KEY.exec(id);
  if (!m) return null;
  const longitude = Number(m[1]);
  const latitude = Number(m[2]);
  if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90) return null;
  if (regionKey(longitude, latitude) !== id) return null;
  return { longitude, latitude };
}

/**
 * The list order everywhere: date ascending (photos without a date last), then created_at, then
 * id, so equal dates still have one order. The server sends created_at as fixed-width UTC
 * ("2024-05-01T10:00:00.123456Z"), so comparing the strings compares the instants.
 */
export function compareByDate(a: RegionImage, b: RegionImage): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? -1 : 1;
  }
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const hasPosition = (img: RegionImage): img is RegionImage & { latitude: number; longitude: number } =>
  typeof img.latitude === "number" &&
  Number.isFinite(img.latitude) &&
  typeof img.longitude === "number" &&
  Number.isFinite(img.longitude);

/**
 * Photos grouped by rounded longitude/latitude, named 'Region N' in order of first appearance in
 * the date-ascending list. Photos without a position belong to no region.
 */
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

/** Every photo at exactly the same latitude and longitude as `image`, date ascending. */
export function timelineFor<T extends RegionImage>(images: readonly T[], image: T): T[] {
  if (!hasPosition(image)) return [image];
  return images
    .filter((i) => i.latitude === image.latitude && i.longitude === image.longitude)
    .sort(compareByDate);
}
