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
