/** How the side panel writes a photo's date and place (spec §2 Map screen). */
import { formatDate, mapScreenTexts } from "@poleatlas/shared";

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The record's YYYY-MM-DD in the browser's locale. Built as a local date: `new Date("2024-05-01")`
 * would be UTC midnight and show the day before west of Greenwich.
 */
export function formatPhotoDate(date: string | null | undefined, locale?: string): string {
  if (!date || !YMD.test(date)) return mapScreenTexts.noDate;
  // The one date format of every screen (shared with the server's texts).
  return formatDate(date, locale);
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A record's `local_time` as the clocks where it was taken showed it: "23:30 (UTC+09:00)", or
 * "23:30" for a camera time without zone; null when there is none.
 */
export function formatLocalTime(localTime: string | null | undefined): string | null {
  const m = localTime ? LOCAL.exec(localTime) : null;
  if (!m) return null;
  const zone = m[2] === undefined ? "" : m[2] === "Z" ? " (UTC)" : ` (UTC${m[2]})`;
  return `${m[1]}${zone}`;
}

/** Latitude and longitude to 6 decimals, or the spec's text when either is missing. */
export function formatLocation(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string {
  if (typeof latitude !== "number" || typeof longitude !== "number") return mapScreenTexts.noLocation;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return mapScreenTexts.noLocation;
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}
