/** The upload dialog's rules (spec §4 Upload flow, §5), kept pure so they are tested directly. */
import { BYTES_PER_MB, bytesToMB, formatBytes, messages, STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import type { UploadItem } from "../hooks/upload-items-reducer";

/** A member's cap inside a team's pool and what their photos there use. */
export interface MemberCap {
  usedBytes: number;
  capBytes: number;
}

/**
 * The validation message that blocks an upload, or null: no files first, then the client's
 * quota pre-check against the active workspace's quota and, in a team, the member's cap (the
 * server checks both again under a lock; this only saves a doomed transfer).
 */
export function uploadBlocker(
  usedBytes: number,
  files: readonly File[],
  quotaBytes: number = STORAGE_QUOTA_BYTES,
  cap?: MemberCap,
): string | null {
  if (files.length === 0) return messages.noFilesSelected;
  const newBytes = files.reduce((sum, f) => sum + f.size, 0);
  if (cap && cap.usedBytes + newBytes > cap.capBytes) {
    const result = cap.usedBytes + newBytes;
    return messages.uploadWouldExceed(bytesToMB(cap.usedBytes), bytesToMB(result), bytesToMB(cap.capBytes));
  }
  const resultBytes = usedBytes + newBytes;
  if (resultBytes > quotaBytes) {
    // Rounded as everywhere, but a total just over the quota (50.4 MB) must not read as the quota
    // itself ('50MB'): it is said as the next whole MB ('51MB').
    const resultMB = Math.max(bytesToMB(resultBytes), Math.floor(quotaBytes / BYTES_PER_MB) + 1);
    return messages.uploadWouldExceed(bytesToMB(usedBytes), resultMB, bytesToMB(quotaBytes));
  }
  return null;
}

export interface MissingMetadata {
  gps: UploadItem[];
  date: UploadItem[];
}

/** Which files lack GPS and which lack the original date/time (an unreadable file lacks both). */
export function findMissingMetadata(items: readonly UploadItem[]): MissingMetadata {
  const gps: UploadItem[] = [];
  const date: UploadItem[] = [];
  for (const item of items) {
    if (!item.reading || !item.reading.hasGps) gps.push(item);
    if (!item.reading || !item.reading.hasOriginalDate) date.push(item);
  }
  return { gps, date };
}

/**
 * Warnings to show on a card: the reader's own plus why it could not read the file (say, a GIF
 * renamed .jpg: the server will refuse it), or both warnings when the reader gave up entirely.
 */
export function cardWarnings(item: UploadItem): string[] {
  if (item.readState === "failed" || !item.reading) {
    return item.readState === "pending" ? [] : [messages.noGps, messages.noOriginalDate];
  }
  const { warnings, error } = item.reading;
  return error ? [...warnings, error] : warnings;
}

/** A file size for people: KB below 1 MB, else MB with one decimal (MB = 1048576 bytes). */
export const formatSize = formatBytes;

/** Runs `worker` over `tasks` with at most `limit` in flight; resolves when all settled. */
export async function runPool<T>(
  tasks: readonly T[],
  limit: number,
  worker: (task: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as T;
      await worker(task);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
}
