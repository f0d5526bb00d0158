/**
 * As root, PostgreSQL runs as the system user `postgres`, which must reach its own programs too.
 * A checkout in a folder only root may enter (what `mktemp -d` makes, and /root) holds the
 * installed ones out of its reach: spawning initdb then fails with a bare EACCES. We change nothing
 * above DATA_DIR: the programs are copied once into DATA_DIR (which the start already lets that
 * user enter, see postgres-access.ts) and run from there.
 */
import { execFile } from "node:child_process";
import { cp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { canEnter, PostgresAccessError } from "./postgres-access";
import { binariesIn, type PostgresBinaries } from "./postgres-binaries";
import type { RunAs } from "./postgres-process";

const run = promisify(execFile);

/** The folder holding bin, lib and share (the binaries find their libraries at ../lib). */
const nativeDirOf = (bin: PostgresBinaries) => path.dirname(path.dirname(bin.postgres));

/** Really runs `postgres --version` as that user: loads its libraries from ../lib as a start would. */
async function canRun(bin: PostgresBinaries, who: RunAs): Promise<boolean> {
  return run(bin.postgres, ["--version"], { ...who, timeout: 10_000 }).then(
    () => true,
    () => false,
  );
}

/** Every folder from the root down to `dir` that `who` cannot enter. */
async function closedFolders(dir: string, who: RunAs): Promise<string[]> {
  const closed: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    const info = await stat(d).catch(() => null);
    if (info && !canEnter(info, who)) closed.unshift(d);
    if (path.dirname(d) === d) return closed;
  }
}

export class ProgramsAccessError extends PostgresAccessError {
  constructor(nativeDir: string, closed: string[], copy: string, why: string) {
    const folders = closed.length > 0 ? closed : [path.join(nativeDir, "bin")];
    super(
      `The embedded PostgreSQL runs as the system user "postgres" (PostgreSQL refuses to run as root), ` +
        `and that user cannot reach its programs in ${nativeDir} (${folders.join(", ")} closed to it), ` +
        `nor run the copy in ${copy} (${why}). Let it pass (chmod o+x ${folders.join(" ")}), ` +
        `or set DATABASE_URL to a PostgreSQL of your own.`,
    );
    this.name = "ProgramsAccessError";
  }
}

/** What tells a copy from an older one: where it came from and the postgres program it holds. */
async function stampOf(bin: PostgresBinaries): Promise<string> {
  const info = await stat(bin.postgres);
  return `${nativeDirOf(bin)} ${info.size} ${Math.round(info.mtimeMs)}\n`;
}

/** A complete copy of the programs in `copy`: made beside it, and renamed into place when whole. */
async function copyPrograms(bin: PostgresBinaries, copy: string): Promise<void> {
  const stamp = await stampOf(bin);
  const stampFile = path.join(copy, ".copied-from");
  if ((await readFile(stampFile, "utf8").catch(() => null)) === stamp) return;
  const part = `${copy}.part`;
  await rm(part, { recursive: true, force: true });
  // The libraries' version links are relative (libpq.so.5 -> libpq.so.5.18): kept as they are.
  await cp(nativeDirOf(bin), part, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  await writeFile(path.join(part, ".copied-from"), stamp);
  await rm(copy, { recursive: true, force: true });
  await rename(part, copy);
}

/**
 * The programs `who` can run: the given ones when it reaches them, else a copy in DATA_DIR
 * (`pgDataDir`'s parent), said once through `notice`. Throws ProgramsAccessError when neither runs.
 */
export async function reachablePrograms(
  bin: PostgresBinaries,
  pgDataDir: string,
  who: RunAs,
  notice: (msg: string) => void,
): Promise<PostgresBinaries> {
  if (await canRun(bin, who)) return bin;
  const nativeDir = nativeDirOf(bin);
  const closed = await closedFolders(path.join(nativeDir, "bin"), who);
  const copy = path.join(path.dirname(pgDataDir), "postgres-programs");
  try {
    await copyPrograms(bin, copy);
  } catch (err) {
    throw new ProgramsAccessError(nativeDir, closed, copy, `copying failed: ${(err as Error).message}`);
  }
  const copied = binariesIn(copy);
  if (!(await canRun(copied, who))) {
    throw new ProgramsAccessError(nativeDir, closed, copy, "it does not run either");
  }
  notice(
    `The system user "postgres" cannot reach its programs in ${nativeDir} ` +
      `(${closed.join(", ") || "closed to it"}): running a copy in ${copy}`,
  );
  return copied;
}
