/** How the side panel writes a photo's date and place (spec §2 Map screen). */
// The date and the place are written the same way on the globe's info box (shared).
export { formatLocation, formatPhotoDate } from "@poleatlas/shared";

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
