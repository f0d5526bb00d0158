/** One logged fix read from a file's text: its instant and position, or null when it is no fix. */
import { negligibleAsZero, PLAIN_DECIMAL } from "@poleatlas/shared";

/** [ms since 1970, latitude, longitude] */
export type TrackPoint = [number, number, number];

/** GPX writes xsd:decimal. */
const coordinate = (v: unknown) =>
  typeof v === "number" || (typeof v === "string" && PLAIN_DECIMAL.test(v.trim())) ? Number(v) : NaN;

export function point(time: unknown, lat: unknown, lon: unknown): TrackPoint | null {
  const latitude = coordinate(lat);
  const longitude = coordinate(lon);
  if (typeof time !== "string" || time.trim() === "") return null;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return null;
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
  const text = time.trim();
  // GPX times are UTC; one written without a zone is read as UTC too.
  const ms = Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);
  // As every route reads a position.
  return Number.isFinite(ms) ? [ms, negligibleAsZero(latitude), negligibleAsZero(longitude)] : null;
}

export const asText = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
