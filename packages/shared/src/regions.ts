/**
 * Region keys, the list order and timelines (rules the server and the web app share). The server's
 * `GET /api/regions` groups in SQL; test/regions-oracle.ts groups the same photos in plain code and
 * a property test holds the two together.
 */
/** What grouping needs of an image record (ImageRecord has all of it). */
export interface RegionImage {
  id: string;
  date: string | null;
  created_at: string;
  latitude: number | null;
  longitude: number | null;
  /** The photo's pole; absent or null for a photo without one. */
  pole_id?: string | null;
  risk?: "low" | "medium" | "high" | null;
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
 * The list order everywhere, named once: date ascending (photos without a date last), then
 * created_at, then id, so equal dates still have one order. compareByDate follows it here; the
 * server's SQL ORDER BY and keyset paging are built from it (images.repository.ts). Every column
 * sorts ascending with nulls last; only `date` can be null. The summary triggers name the same
 * order once in SQL (utility_pole_list_key, apps/server/drizzle/0003); a property test
 * (apps/server/test/images/regions.test.ts) fails if the two ever differ.
 */
export const LIST_ORDER_COLUMNS = [
  "date",
  "created_at",
  "id",
] as const satisfies readonly (keyof RegionImage)[];

/**
 * compareByDate: LIST_ORDER_COLUMNS in JavaScript. The server sends created_at as fixed-width UTC
 * ("2024-05-01T10:00:00.123456Z"), so comparing the strings compares the instants.
 */
export function compareByDate(a: RegionImage, b: RegionImage): number {
  for (const column of LIST_ORDER_COLUMNS) {
    const x = a[column];
    const y = b[column];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export const hasPosition = (img: RegionImage): img is RegionImage & { latitude: number; longitude: number } =>
  typeof img.latitude === "number" &&
  Number.isFinite(img.latitude) &&
  typeof img.longitude === "number" &&
  Number.isFinite(img.longitude);

/**
 * The photos of `image`'s pole, date ascending: the server puts every photo within the spot radius
 * into one pole. A photo without a pole (a record from before poles) joins the photos at exactly
 * its latitude and longitude: the spec's rule, which is the pole rule at 0 m.
 */
export function timelineFor<T extends RegionImage>(images: readonly T[], image: T): T[] {
  const pole = image.pole_id;
  if (pole) return images.filter((i) => i.pole_id === pole).sort(compareByDate);
  if (!hasPosition(image)) return [image];
  return images
    .filter((i) => !i.pole_id && i.latitude === image.latitude && i.longitude === image.longitude)
    .sort(compareByDate);
}

/** A pole's risk: the rating of its latest rated photo (`timeline` in list order), as the server's. */
export function latestRisk<T extends RegionImage>(timeline: readonly T[]): "low" | "medium" | "high" | null {
  for (let i = timeline.length - 1; i >= 0; i--) {
    const risk = timeline[i]?.risk;
    if (risk) return risk;
  }
  return null;
}
