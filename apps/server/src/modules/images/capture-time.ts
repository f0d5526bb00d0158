/**
 * A photo's capture instant (`taken_at`), from the time its reading gave (PhotoReading.timestamp):
 * a time that names its zone (the camera's OffsetTimeOriginal, or a file time in UTC) is that
 * instant; a camera's wall-clock time without a zone is read at the uploader's offset (the
 * `timezoneOffset` sent with the photo, the rule the spec's `date` follows), at UTC without one.
 */
const HAS_ZONE = /(Z|[+-]\d\d:\d\d)$/;

/** ISO 8601 in UTC, or null when the text is no time at all. */
export function captureInstant(timestamp: string, timezoneOffset: number | null): string | null {
  // A leap second (":60", which cameras may write) is no valid input to Date.parse.
  const text = timestamp.replace(/(T\d\d:\d\d):60/, "$1:59");
  const zoned = HAS_ZONE.test(text.slice(10));
  const ms = Date.parse(zoned ? text : `${text}Z`);
  if (!Number.isFinite(ms)) return null;
  // Date#getTimezoneOffset minutes are positive west of UTC: UTC = local time + offset.
  return new Date(zoned ? ms : ms + (timezoneOffset ?? 0) * 60_000).toISOString();
}
