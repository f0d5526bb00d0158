/**
 * Reads where and when a photo was taken, the same way in the browser (Blob/File) and on the
 * server (Buffer/Uint8Array). The server's reading is the one stored; the upload dialog uses the
 * same function for its warnings, so both sides always agree.
 */
import exifr from "exifr";
import { EARLIEST_PHOTO_YEAR, FUTURE_DATE_SLACK_MS } from "./constants";
import { locateExif, type ImageFormat } from "./exif-locate";
import { messages } from "./messages";

export interface PhotoReading {
  /** Decimal degrees, negative for S and W; null when the photo has no (valid) GPS position. */
  latitude: number | null;
  longitude: number | null;
  /**
   * YYYY-MM-DD from the camera's own DateTimeOriginal text, never shifted by time zones; null when
   * missing or implausible (before 1900, or more than a day in the future).
   */
  date: string | null;
  /**
   * The date stored with the photo (the spec's rule): `date`, else the calendar day of lastModified
   * at `timezoneOffset` (UTC without one), else today's at that offset.
   */
  calendarDate: string;
  /**
   * ISO 8601. From DateTimeOriginal: the camera's wall-clock time, with OffsetTimeOriginal when the
   * camera wrote one ("2023-07-14T23:30:05+02:00"), else without a zone ("2023-07-14T23:30:05").
   * Otherwise lastModified, otherwise now, both in UTC ("…Z").
   */
  timestamp: string;
  hasGps: boolean;
  hasOriginalDate: boolean;
  /** messages.noGps / messages.noOriginalDate for what is missing (+ implausibleOriginalDate). */
  warnings: string[];
  /** JPEG or PNG by magic bytes; null for anything else. */
  format: ImageFormat | null;
  /** Why the metadata could not be read (not a JPEG/PNG, cut off, corrupt EXIF); null when fine. */
  error: string | null;
}

export interface ReadPhotoOptions {
  /** Milliseconds since the epoch; defaults to `file.lastModified` for a File. */
  lastModified?: number;
  /**
   * Where the file's lastModified was taken, as `new Date(lastModified).getTimezoneOffset()`
   * (minutes, positive west of UTC: 300 for New York in winter). Unset: UTC.
   */
  timezoneOffset?: number;
  /** The clock for the last fallback and the plausibility check (tests). */
  now?: Date;
}

const PICK = [
  "DateTimeOriginal",
  "SubSecTimeOriginal",
  "OffsetTimeOriginal",
  "GPSLatitude",
  "GPSLatitudeRef",
  "GPSLongitude",
  "GPSLongitudeRef",
];

type RawTags = Partial<Record<(typeof PICK)[number], unknown>>;

export async function readPhotoMetadata(
  input: Blob | ArrayBuffer | Uint8Array,
  opts: ReadPhotoOptions = {},
): Promise<PhotoReading> {
  const fileLastModified =
    typeof Blob !== "undefined" && input instanceof Blob && "lastModified" in input
      ? input.lastModified
      : undefined;
  const lastModified =
    opts.lastModified ?? (typeof fileLastModified === "number" ? fileLastModified : undefined);

  let tags: RawTags = {};
  let format: ImageFormat | null = null;
  let error: string | null = null;
  try {
    const located = await locateExif(input);
    format = located.format;
    if (!format) error = messages.onlyJpegPng;
    else if (located.problem) error = `${messages.metadataUnreadable} (${located.problem})`;
    if (located.tiff) {
      // reviveValues:false keeps DateTimeOriginal as the camera's text: exifr would otherwise
      // rebuild it in the process's time zone and ignore OffsetTimeOriginal (PITFALLS.md).
      const parsed: unknown = await exifr.parse(located.tiff, {
        pick: PICK,
        reviveValues: false,
        translateValues: false,
        mergeOutput: true,
      });
      if (parsed && typeof parsed === "object") tags = parsed;
    }
  } catch (err) {
    error = `${messages.metadataUnreadable} (${err instanceof Error ? err.message : String(err)})`;
  }

  const latitude = toDecimalDegrees(tags.GPSLatitude, tags.GPSLatitudeRef, "S", 90);
  const longitude = toDecimalDegrees(tags.GPSLongitude, tags.GPSLongitudeRef, "W", 180);
  const hasGps = latitude !== null && longitude !== null;
  const now = opts.now ?? new Date();
  const written = parseExifDateTime(tags.DateTimeOriginal, tags.SubSecTimeOriginal, tags.OffsetTimeOriginal);
  const original = written && isPlausible(written.timestamp, now) ? written : null;
  const fallback = usableLastModified(lastModified, now) ?? now.getTime();

  const warnings: string[] = [];
  if (!hasGps) warnings.push(messages.noGps);
  if (!original) warnings.push(messages.noOriginalDate);
  if (written && !original) warnings.push(messages.implausibleOriginalDate);

  return {
    latitude: hasGps ? latitude : null,
    longitude: hasGps ? longitude : null,
    date: original?.date ?? null,
    calendarDate: original?.date ?? calendarDateAt(fallback, opts.timezoneOffset ?? 0),
    timestamp: original?.timestamp ?? new Date(fallback).toISOString(),
    hasGps,
    hasOriginalDate: original !== null,
    warnings,
    format,
    error,
  };
}

/**
 * A time is plausible for a photo from 1900 to a day after now (camera clocks run a little ahead;
 * a reset clock says 1970 or 2000, a broken one 1601 or 2099). A wall-clock time without a zone is
 * read as UTC: at most 14 h off, inside the day of slack.
 */
function isPlausible(timestamp: string, now: Date): boolean {
  // A leap second (":60", which cameras may write) is no valid input to Date.parse.
  const text = timestamp.replace(/(T\d\d:\d\d):60/, "$1:59");
  const ms = Date.parse(/(Z|[+-]\d\d:\d\d)$/.test(text.slice(10)) ? text : `${text}Z`);
  return (
    Number.isFinite(ms) &&
    new Date(ms).getUTCFullYear() >= EARLIEST_PHOTO_YEAR &&
    ms <= now.getTime() + FUTURE_DATE_SLACK_MS
  );
}

/** lastModified when it is a plausible time (see isPlausible), else undefined: now is used then. */
function usableLastModified(lastModified: number | undefined, now: Date): number | undefined {
  if (lastModified === undefined || !Number.isFinite(lastModified)) return undefined;
  const d = new Date(lastModified);
  if (Number.isNaN(d.getTime())) return undefined;
  return isPlausible(d.toISOString(), now) ? lastModified : undefined;
}

/**
 * The calendar day (YYYY-MM-DD) of an instant where the clock is `timezoneOffset` minutes behind
 * UTC (Date#getTimezoneOffset's sign): the same answer on any machine, whatever its own zone.
 */
export function calendarDateAt(ms: number, timezoneOffset: number): string {
  return new Date(ms - timezoneOffset * 60_000).toISOString().slice(0, 10);
}

/** Degrees/minutes/seconds (or a plain number) to signed decimal degrees; null when unusable. */
export function toDecimalDegrees(
  value: unknown,
  ref: unknown,
  negativeRef: "S" | "W",
  max: number,
): number | null {
  const parts = Array.isArray(value) ? value : [value];
  if (parts.length === 0 || parts.length > 3) return null;
  if (!parts.every((p): p is number => typeof p === "number" && Number.isFinite(p))) return null;
  const [d = 0, m = 0, s = 0] = parts;
  const abs = Math.abs(d) + m / 60 + s / 3600;
  if (m < 0 || s < 0 || abs > max) return null;
  const negative = typeof ref === "string" && ref.trim().toUpperCase().startsWith(negativeRef);
  return negative || d < 0 ? -abs : abs;
}

const DATE_TIME = /^\s*(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** "2023:07:14 23:30:05" → date and ISO timestamp, without ever passing through a Date object. */
export function parseExifDateTime(
  text: unknown,
  subSec?: unknown,
  offset?: unknown,
): { date: string; timestamp: string } | null {
  if (typeof text !== "string") return null;
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m as unknown as [string, string, string, string, string, string, string];
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;

  const date = `${y}-${mo}-${d}`;
  const fraction = typeof subSec === "string" && /^\d{1,9}$/.test(subSec.trim()) ? `.${subSec.trim()}` : "";
  const zoneMatch = typeof offset === "string" ? OFFSET.exec(offset.trim()) : null;
  const zone = zoneMatch && Number(zoneMatch[2]) <= 14 && Number(zoneMatch[3]) <= 59 ? zoneMatch[0] : "";
  return { date, timestamp: `${date}T${h}:${mi}:${s}${fraction}${zone}` };
}
