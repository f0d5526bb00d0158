/**
 * Resumable uploads nobody finished: a partial upload whose file received no byte for
 * RESUMABLE_KEEP_MS (24 h) is removed with its tus description (`<id>.json`), and rows of uploads
 * created before then whose bytes are gone are forgotten: an open one gives its quota back, a
 * finished one was answered long ago. A partial file's mtime is its last PATCH, so an upload
 * still moving is kept however old it is. The SQL lives here so the job depends on the table alone.
 */
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/database";
import { resumableUploads } from "../db/schema";

/** The folder of partial uploads inside the upload temp folder. */
export const RESUMABLE_DIR = "resumable";

const ignoreMissing = (err: unknown) => {
  if (typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT") return;
  throw err;
};

/** Removes abandoned partial uploads; resolves with the ids removed from disk or forgotten. */
export async function sweepAbandonedUploads(opts: {
  db: Db;
  /** The upload temp folder (config.uploadTmpDir). */
  tmpDir: string;
  keepMs: number;
  now?: number;
}): Promise<string[]> {
  const dir = path.join(opts.tmpDir, RESUMABLE_DIR);
  const cutoff = (opts.now ?? Date.now()) - opts.keepMs;
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
