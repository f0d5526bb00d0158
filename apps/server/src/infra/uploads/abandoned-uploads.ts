/**
 * Resumable uploads nobody finished: a partial upload that received no byte for
 * RESUMABLE_KEEP_MS (24 h) is removed from where its bytes wait (the temp folder's `resumable/`:
 * its file and tus description `<id>.json`; with STORAGE=s3 also the bucket's `resumable/`:
 * s3-resumable-parts.ts), and rows of uploads created before then whose bytes are gone are
 * forgotten: an open one gives its quota back, a finished one was answered long ago. The newest
 * byte counts (a file's mtime, an S3 part's time), so an upload still moving is kept however old
 * it is. The SQL lives here so the job depends on the table alone.
 */
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/database";
import { resumableUploads } from "../db/schema";
import type { S3StorageOptions } from "../storage/s3-storage";
import { RESUMABLE_DIR, type PartsSwept } from "./resumable-parts";

const ignoreMissing = (err: unknown) => {
  if (typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT") return;
  throw err;
};

/** The temp folder's partial uploads: those untouched since `cutoff` are removed. */
async function sweepFileParts(dir: string, cutoff: number): Promise<PartsSwept> {
  const names = await readdir(dir).catch((err: unknown) => {
    ignoreMissing(err);
    return [] as string[];
  });
  const alive = new Set<string>();
  const removed = new Set<string>();
  const ids = new Set(names.map((n) => n.replace(/\.json$/, "")));
  for (const id of ids) {
    // The bytes' file, or the description alone when the bytes never came.
    const info =
      (await stat(path.join(dir, id)).catch(() => null)) ??
      (await stat(path.join(dir, `${id}.json`)).catch(() => null));
    if (!info) continue;
    if (info.mtimeMs >= cutoff) {
      alive.add(id);
      continue;
    }
    await unlink(path.join(dir, id)).catch(ignoreMissing);
    await unlink(path.join(dir, `${id}.json`)).catch(ignoreMissing);
    removed.add(id);
  }
  return { alive, removed };
}

/** Removes abandoned partial uploads; resolves with the ids removed or forgotten. */
export async function sweepAbandonedUploads(opts: {
  db: Db;
  /** The upload temp folder (config.uploadTmpDir). */
  tmpDir: string;
  keepMs: number;
  now?: number;
  /** STORAGE=s3: the bucket whose `resumable/` holds the parts (the temp folder is swept too). */
  s3?: S3StorageOptions;
}): Promise<string[]> {
  const cutoff = (opts.now ?? Date.now()) - opts.keepMs;
  const swept = [await sweepFileParts(path.join(opts.tmpDir, RESUMABLE_DIR), cutoff)];
  if (opts.s3) {
    const { sweepS3Parts } = await import("./s3-resumable-parts");
    swept.push(await sweepS3Parts(opts.s3, cutoff));
  }
  const alive = new Set(swept.flatMap((s) => [...s.alive]));
  const removed = new Set(swept.flatMap((s) => [...s.removed]));
  const old = await opts.db
    .select({ id: resumableUploads.id })
    .from(resumableUploads)
    .where(lt(resumableUploads.createdAt, new Date(cutoff)));
  const gone = old.map((r) => r.id).filter((id) => !alive.has(id));
  if (gone.length > 0) {
    await opts.db
      .delete(resumableUploads)
      .where(and(inArray(resumableUploads.id, gone), lt(resumableUploads.createdAt, new Date(cutoff))));
  }
  return [...new Set([...removed, ...gone])];
}
