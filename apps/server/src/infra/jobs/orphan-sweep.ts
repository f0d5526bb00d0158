/**
 * Stored files that no photo row points to: left by a crash between storing the files and the
 * row's COMMIT, or by a delete whose file removal failed. An upload stores its files BEFORE it
 * inserts its row (images.service.ts), so only objects older than a grace period are candidates;
 * a young object may belong to an upload that is about to commit. The SQL lives here rather than
 * in the images repository so the jobs depend on the table alone.
 */
import { inArray, or } from "drizzle-orm";
import type { Db } from "../db/database";
import { images } from "../db/schema";
import type { Storage, StoredObject } from "../storage/storage";
import type { JobLog } from "./job-runner";

export const PHOTO_PREFIX = "utility-poles/";
const BATCH = 500;

export interface OrphanSweepDeps {
  db: Db;
  storage: Storage;
  graceMs: number;
  log: JobLog;
  now?: () => number;
}

/** The keys among `keys` that some photo row names as its file, its thumbnail or its original. */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({
      storageKey: images.storageKey,
      thumbnailKey: images.thumbnailKey,
      originalKey: images.originalKey,
    })
    .from(images)
    .where(
      or(
        inArray(images.storageKey, keys),
        inArray(images.thumbnailKey, keys),
        inArray(images.originalKey, keys),
      ),
    );
  return new Set(
    rows.flatMap((r) => [r.storageKey, r.thumbnailKey, ...(r.originalKey ? [r.originalKey] : [])]),
  );
}

/** Removes orphaned objects older than the grace period; resolves with the keys it removed. */
export async function sweepOrphans(deps: OrphanSweepDeps): Promise<string[]> {
  const cutoff = (deps.now?.() ?? Date.now()) - deps.graceMs;
  const removed: string[] = [];
  const check = async (batch: StoredObject[]) => {
    const known = await referenced(
      deps.db,
      batch.map((o) => o.key),
    );
    for (const o of batch) {
      if (known.has(o.key)) continue;
      await deps.storage.delete(o.key);
      removed.push(o.key);
    }
  };
  let batch: StoredObject[] = [];
  for await (const o of deps.storage.list(PHOTO_PREFIX)) {
    if (o.lastModified.getTime() >= cutoff) continue;
    batch.push(o);
    if (batch.length >= BATCH) {
      await check(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await check(batch);
  if (removed.length > 0) {
    deps.log.warn(
      { removed: removed.length, keys: removed.slice(0, 20) },
      "removed stored files no photo points to",
    );
  }
  return removed;
}
