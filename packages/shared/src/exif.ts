/**
 * Reads where and when a photo was taken, the same way in the browser (Blob/File) and on the
 * server (Buffer/Uint8Array). The server's reading is the one stored; the upload dialog uses the
 * same function for its warnings, so both sides always agree. EXIF comes first; where it has no
 * DateTimeOriginal or no GPS position, the XMP packet's exif: properties fill in (edited photos
 * often carry only those).
 */
import exifr from "exifr";
import { EARLIEST_PHOTO_YEAR, FUTURE_DATE_SLACK_MS } from "./constants";
import { locateExif, type UploadFormat } from "./exif-locate";
import { lensOf, parseExifDateTime, toDecimalDegrees, type LensReading } from "./exif-values";
import { messages } from "./messages";
import { NO_XMP, readXmp, type XmpReading } from "./xmp";

export { parseExifDateTime, toDecimalDegrees, type LensReading } from "./exif-values";
// For the server's rewrite of a blurred photo's metadata (only the tags it keeps).
export { locateExif } from "./exif-locate";
// For measuring from a stored photo (its focal length in pixels).
export { readFocalLengths, type FocalLengths } from "./exif-optics";
export { EXIF_NAMESPACE, readXmp, xmpListItems, xmpPrefixes, xmpProperty } from "./xmp";

export interface PhotoReading {
  /** Decimal degrees, negative for S and W; null when the photo has no (valid) GPS position. */
  latitude: number | null;
  longitude: number | null;
  /**
   * YYYY-MM-DD from the camera's own DateTimeOriginal text (EXIF, else XMP), never shifted by time zones; null when
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
  /**
   * EXIF GPSImgDirection: the compass direction the camera looked, degrees from north, 0 ≤ h < 360
   * (360 reads as 0); null when absent or not a number. Its reference (GPSImgDirectionRef: T true,
   * M magnetic) is in `headingRef`.
   */
  heading: number | null;
  headingRef: "T" | "M" | null;
  /** The focal length as EXIF gives it, for locating poles from bearings. */
  lens: LensReading;
  hasOriginalDate: boolean;
  /** messages.noGps / messages.noOriginalDate for what is missing (+ implausibleOriginalDate). */
  warnings: string[];
  /** JPEG, PNG or HEIC by magic bytes; null for anything else. */
  format: UploadFormat | null;
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
  "GPSImgDirection",
  "GPSImgDirectionRef",
  "FocalLength",
  "FocalLengthIn35mmFormat",
  "FocalPlaneXResolution",
  "FocalPlaneYResolution",
  "FocalPlaneResolutionUnit",
  "ExifImageWidth",
  "ExifImageHeight",
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
  let xmp: XmpReading = NO_XMP;
  let format: UploadFormat | null = null;
  let error: string | null = null;
  try {
    const located = await locateExif(input);
    format = located.format;
    if (!format) error = messages.onlyJpegPng;
    else if (located.problem) error = `${messages.metadataUnreadable} (${located.problem})`;
    // Malformed XMP reads as missing: it never hides the EXIF or makes an error.
    if (located.xmp) xmp = readXmp(located.xmp);
    if (located.tiff) {
      // reviveValues:false keeps DateTimeOriginal as the camera's text: exifr would otherwise
      // rebuild it in the process's time zone and ignore OffsetTimeOriginal (10:22Z under UTC was 08:22Z under Berlin).
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

  // EXIF wins; XMP fills what it lacks, the position as a pair and the date on its own.
  const exifLatitude = toDecimalDegrees(tags.GPSLatitude, tags.GPSLatitudeRef, "S", 90);
  const exifLongitude = toDecimalDegrees(tags.GPSLongitude, tags.GPSLongitudeRef, "W", 180);
  const exifPlaced = exifLatitude !== null && exifLongitude !== null;
  const latitude = exifPlaced ? exifLatitude : xmp.latitude;
  const longitude = exifPlaced ? exifLongitude : xmp.longitude;
  const hasGps = latitude !== null && longitude !== null;
  const now = opts.now ?? new Date();
  const exifWritten = parseExifDateTime(
    tags.DateTimeOriginal,
    tags.SubSecTimeOriginal,
    tags.OffsetTimeOriginal,
  );
  // An EXIF date that cannot be true counts as missing, so a plausible XMP one may stand in.
  const written = [exifWritten, xmp.dateTimeOriginal].filter((d) => d !== null);
  const original = written.find((d) => isPlausible(d.timestamp, now)) ?? null;
  const fallback = usableLastModified(lastModified, now) ?? now.getTime();

  const warnings: string[] = [];
  if (!hasGps) warnings.push(messages.noGps);
  if (!original) warnings.push(messages.noOriginalDate);
  if (written.length > 0 && !original) warnings.push(messages.implausibleOriginalDate);

  return {
    latitude: hasGps ? latitude : null,
    longitude: hasGps ? longitude : null,
    date: original?.date ?? null,
    calendarDate: original?.date ?? calendarDateAt(fallback, opts.timezoneOffset ?? 0),
    timestamp: original?.timestamp ?? new Date(fallback).toISOString(),
    hasGps,
    heading: headingOf(tags.GPSImgDirection),
    headingRef:
      tags.GPSImgDirectionRef === "T" || tags.GPSImgDirectionRef === "M" ? tags.GPSImgDirectionRef : null,
    lens: lensOf(tags),
    hasOriginalDate: original !== null,
    warnings,
    format,
    error,
  };
}

/** A direction in degrees folded into 0 ≤ h < 360; null unless a finite number (or a one-item array). */
function headingOf(value: unknown): number | null {
  const v = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > 360) return null;
  return v === 360 ? 0 : v;
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
