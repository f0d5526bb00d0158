import { BYTES_PER_MB } from "./constants";

/** MB as the spec shows it: bytes / 1048576, rounded to a whole number. */
export function bytesToMB(bytes: number): number {
  return Math.round(bytes / BYTES_PER_MB);
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
