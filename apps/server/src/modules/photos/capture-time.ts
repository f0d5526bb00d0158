/**
 * A photo's capture instant (`taken_at`) and the spec's `date`, from what its reading gave
 * (PhotoReading.timestamp): a time that names its zone (the camera's OffsetTimeOriginal, or a file
 * time in UTC) is that instant; a camera's wall-clock time without a zone is read in the time zone
 * of the photo's position (tz-lookup's offline map), else at the uploader's offset (the
 * `timezoneOffset` sent with the photo; UTC without one). The `date` is the calendar day of that
 * instant where the photo was taken: a photo at 23:30 in Tokyo keeps its Tokyo date whatever zone
 * the camera was set to. Without a position the date stays the reading's (the spec's rule).
 */
import tzLookup from "@photostructure/tz-lookup";

const HAS_ZONE = /(Z|[+-]\d\d:\d\d)$/;

export interface CaptureTime {
  /** ISO 8601 in UTC; null when the text is no time at all. */
  takenAt: string | null;
  /** YYYY-MM-DD */
  date: string;
}

export interface CaptureInput {
  timestamp: string;
  calendarDate: string;
  latitude: number | null;
  longitude: number | null;
}

export function captureTime(reading: CaptureInput, timezoneOffset: number | null): CaptureTime {
  const zone = zoneAt(reading.latitude, reading.longitude);
  // A leap second (":60", which cameras may write) is no valid input to Date.parse.
  const text = reading.timestamp.replace(/(T\d\d:\d\d):60/, "$1:59");
  const zoned = HAS_ZONE.test(text.slice(10));
  const parsed = Date.parse(zoned ? text : `${text}Z`);
  if (!Number.isFinite(parsed)) return { takenAt: null, date: reading.calendarDate };
  let ms = parsed;
  if (!zoned && zone) ms = wallClockIn(zone, parsed);
  // Date#getTimezoneOffset minutes are positive west of UTC: UTC = local time + offset.
  else if (!zoned) ms = parsed + (timezoneOffset ?? 0) * 60_000;
  const date = zone ? localIso(ms, offsetMinutes(zone, ms)).slice(0, 10) : reading.calendarDate;
  return { takenAt: new Date(ms).toISOString(), date };
}

/**
 * The `date` of a photo given a (new) place: the calendar day of its capture instant in the zone
 * there; null when the instant or the zone is unknown (the date then stays as it is).
 */
export function localDateAt(
  takenAt: string | number | null,
  latitude: number,
  longitude: number,
): string | null {
  const ms = typeof takenAt === "string" ? Date.parse(takenAt) : takenAt;
  const zone = zoneAt(latitude, longitude);
  if (ms === null || !Number.isFinite(ms) || !zone) return null;
  return localIso(ms, offsetMinutes(zone, ms)).slice(0, 10);
}

/** The IANA zone at a position, null without one (or where the map has none). */
export function zoneAt(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null) return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}

/** One formatter per zone: making one costs far more than using it (a list shows 1000 photos). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Minutes the zone's clocks are ahead of UTC at an instant (+540 in Tokyo). */
export function offsetMinutes(zone: string, ms: number): number {
  const parts = formatterFor(zone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time (given as if it were UTC) shows in the zone. */
function wallClockIn(zone: string, wallMs: number): number {
  const guess = wallMs - offsetMinutes(zone, wallMs) * 60_000;
  return wallMs - offsetMinutes(zone, guess) * 60_000;
}

/** "2024-05-01T23:30:00+09:00": the instant as the clocks `offset` minutes ahead of UTC show it. */
export function localIso(ms: number, offset: number): string {
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
