/**
 * `kill -9` of the server leaves its embedded PostgreSQL running (re-parented to PID 1) and still
 * holding postmaster.pid, so the next start would fail. Before starting we look at that file: a
 * live postmaster whose parent is gone is a leftover and is stopped cleanly; one whose parent is
 * another live server process is in use, and we refuse rather than pull it from under that server.
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pgCtlStop, type PostgresBinaries } from "./postgres-binaries";

export interface PostmasterInfo {
  pid: number;
  port: number;
}

/** postmaster.pid: line 1 the PID, line 4 the port (PostgreSQL's documented layout). */
export async function readPostmasterPid(dataDir: string): Promise<PostmasterInfo | null> {
  const text = await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => null);
  if (!text) return null;
  const lines = text.split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 ? { pid, port } : null;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists, it is just not ours to signal.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  // A zombie (ended, not yet reaped by its new parent) answers signals too.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc: trust the signal
  }
}

/** The parent PID and its command line, from /proc (Linux); null where there is no /proc. */
async function parentOf(pid: number): Promise<{ ppid: number; command: string } | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!stat) return null;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  const cmdline = await readFile(`/proc/${ppid}/cmdline`, "utf8").catch(() => "");
  return { ppid, command: cmdline.split("\0").join(" ").trim() };
}

export class PostgresInUseError extends Error {
  constructor(dataDir: string, pid: number, owner: string) {
    super(
      `The embedded PostgreSQL in ${dataDir} (pid ${pid}) belongs to another running process (${owner}). ` +
        "Stop that server first, or give this one its own DATA_DIR (or a shared DATABASE_URL).",
    );
    this.name = "PostgresInUseError";
  }
}

/**
 * Stops a PostgreSQL left running on `dataDir` by a server that died without stopping it.
 * Resolves with the PID it stopped, or null when there was nothing to stop.
 */
export async function stopLeftoverPostgres(
  dataDir: string,
  log: (msg: string) => void,
  /** The programs the start will run (pg_ctl among them); by default the installed ones. */
  bin?: PostgresBinaries,
): Promise<number | null> {
  const info = await readPostmasterPid(dataDir);
  if (!info || !isAlive(info.pid)) return null; // a stale file PostgreSQL itself ignores
  const parent = await parentOf(info.pid);
  if (parent === null) {
    throw new PostgresInUseError(
      dataDir,
      info.pid,
      `this system has no /proc to tell which; if no server runs, stop it with: kill -INT ${info.pid}`,
    );
  }
  const orphaned = parent.ppid <= 1 || !/\bnode\b|tsx/.test(parent.command);
  if (!orphaned) throw new PostgresInUseError(dataDir, info.pid, `pid ${parent.ppid}: ${parent.command}`);
  log(`Stopping the PostgreSQL (pid ${info.pid}) a previous server left running on ${dataDir}`);
  await pgCtlStop(dataDir, bin);
  return info.pid;
}
