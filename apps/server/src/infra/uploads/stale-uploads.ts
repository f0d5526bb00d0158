/**
 * Temp files that a crashed or killed process left behind: `upload-*` (a received body) and
 * `thumb-*` (its thumbnail), `blur-*` (its blurred copy) in the upload temp folder. Normally each request removes its own;
 * these are swept at start-up. Only files older than `maxAgeMs` go, so requests still running in
 * another process on the same DATA_DIR keep theirs.
 */
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";

const OURS = /^(upload|thumb|blur)-/;

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
    if (!entry.isFile() || !OURS.test(entry.name)) continue;
    const file = path.join(dir, entry.name);
    const info = await stat(file).catch(() => null);
    if (!info || info.mtimeMs >= cutoff) continue;
    await unlink(file).then(
      () => removed++,
      () => {}, // gone already (another process swept it)
    );
  }
  return removed;
}
