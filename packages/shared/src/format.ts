import { BYTES_PER_MB } from "./constants";
import { mapScreenTexts, messages } from "./messages";

/** MB as the spec shows it: bytes / 1048576, rounded to a whole number. */
export function bytesToMB(bytes: number): number {
  return Math.round(bytes / BYTES_PER_MB);
}

/** A file's size for people: KB below 1 MB (at least 1 KB), else MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < BYTES_PER_MB) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
}

/** Share of the quota in percent, clamped to 0–100 for progress bars. */
export function usagePercent(usedBytes: number, quotaBytes: number): number {
  if (quotaBytes <= 0) return 100;
  return Math.min(100, Math.max(0, (usedBytes / quotaBytes) * 100));
}

/**
 * A real calendar day written YYYY-MM-DD (not 2024-02-31), in a year PostgreSQL can store: it
 * has no year 0, so 0000-01-01 would fail the query instead of the request.
 */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s.startsWith("0000")) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/**
 * A calendar date (YYYY-MM-DD, as stored) in the user's locale, the one date format of every
 * screen (the panel, the globe's info box, the admin tables). Read as a local calendar day, never
 * shifted through a time zone. Anything else is shown as it is.
 */
export function formatDate(ymd: string, locale?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString(locale);
}

/**
 * A photo's YYYY-MM-DD as the panel and the globe's info box show it, or the spec's text when it
 * has none.
 */
export function formatPhotoDate(date: string | null | undefined, locale?: string): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return mapScreenTexts.noDate;
  return formatDate(date, locale);
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

/** An instant (ISO 8601) as a date and time in the user's locale and time zone. */
export function formatDateTime(iso: string, locale?: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString(locale);
}

const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;

/** The eight-point compass direction nearest a heading in degrees (47 → "NE"). */
export function compassPoint(degrees: number): (typeof COMPASS)[number] {
  return COMPASS[Math.round((((degrees % 360) + 360) % 360) / 45) % 8]!;
}

/** A photo's heading as the panel and the KML export say it: "looking NE, 47°". */
export const headingText = (degrees: number) =>
  messages.lookingToward(compassPoint(degrees), Math.round(degrees) % 360);
