/**
 * Temp files that a crashed or killed process left behind: `upload-*` (a received body) and
 * `thumb-*` (its thumbnail), `blur-*` (its blurred copy), `strip-*` (its copy without embedded
 * images), `rendition-*` (a HEIC's JPEG) in the upload temp folder, `unzip-*` folders (a zipped
 * register's parts), `export-*` folders (a Shapefile or GeoPackage export) and `upload-*.lock`
 * folders (the lock the SQLite binding takes on a GeoPackage while it reads it). Normally each
 * request removes its own;
 * these are swept at start-up. Only files older than `maxAgeMs` go, so requests still running in
 * another process on the same DATA_DIR keep theirs.
 */
import { readdir, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";

const OURS = /^(upload|thumb|blur|strip|rendition)-/;
const OUR_FOLDERS = /^(unzip|export)-|^upload-.*\.lock$/;

/** Removes our stale temp files in `dir`; resolves with how many were removed. */
export async function sweepStaleUploads(
  dir: string,
  opts: { maxAgeMs: number; now?: number },
): Promise<number> {
  const cutoff = (opts.now ?? Date.now()) - opts.maxAgeMs;
  const entries = await readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
    if (typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT") return [];
    throw err;
  });
  let removed = 0;
  for (const entry of entries) {
    const folder = entry.isDirectory() && OUR_FOLDERS.test(entry.name);
    if (!folder && (!entry.isFile() || !OURS.test(entry.name))) continue;
    const file = path.join(dir, entry.name);
    const info = await stat(file).catch(() => null);
    // A folder's time moves with each part unpacked into it.
    if (!info || info.mtimeMs >= cutoff) continue;
    await (folder ? rm(file, { recursive: true }) : unlink(file)).then(
      () => removed++,
      () => {}, // gone already (another process swept it)
    );
  }
  return removed;
}
