/**
 * `npm run restore -- FILE`: puts a backup back into an empty DATA_DIR (and, for a pg_dump
 * backup, into the empty database of DATABASE_URL). It refuses anything non-empty: a restore
 * never mixes with data that is already there.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import * as tar from "tar";
import type { Config } from "../../config";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { postgresSystemUser } from "../db/postgres-binaries";
import { MANIFEST_NAME, manifestSchema, type Manifest } from "./backup-manifest";

const run = promisify(execFile);

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

async function readManifest(file: string): Promise<Manifest> {
  let text = "";
  await tar.t({
    file,
    filter: (p) => p === MANIFEST_NAME,
    onReadEntry: (entry) => {
      entry.on("data", (c: Buffer) => (text += c.toString()));
    },
  });
  const parsed = manifestSchema.safeParse(text ? JSON.parse(text) : null);
  if (!parsed.success)
    throw new RestoreRefusedError(`${file} is not a PoleAtlas backup (no ${MANIFEST_NAME} in it).`);
  return parsed.data;
}

async function ensureEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  if (entries.length > 0) {
    throw new RestoreRefusedError(
      `DATA_DIR ${dataDir} is not empty (${entries.slice(0, 5).join(", ")}${entries.length > 5 ? ", …" : ""}). ` +
        "A restore goes into an empty folder only: move this one aside, or point DATA_DIR at a new folder.",
    );
  }
}

async function ensureEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*)::text as n from pg_tables where schemaname = any($1)",
      [["public", "drizzle"]],
    );
    if (Number(rows[0]?.n) > 0) {
      throw new RestoreRefusedError(
        "The database of DATABASE_URL already has tables: restore into an empty database.",
      );
    }
  } finally {
    await client.end();
  }
}

/** The copied cluster belongs to whoever PostgreSQL runs as here, and stays private to it. */
async function claimCluster(pgDir: string): Promise<void> {
  await chmod(pgDir, 0o700);
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = await postgresSystemUser();
  const walk = async (p: string): Promise<void> => {
    await chown(p, uid, gid);
    for (const e of await readdir(p, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(path.join(p, e.name));
      else await chown(path.join(p, e.name), uid, gid);
    }
  };
  await walk(pgDir);
}

export async function restoreBackup(config: Config, file: string, log: (msg: string) => void): Promise<void> {
  if (!existsSync(file)) throw new RestoreRefusedError(`No backup file at ${file}.`);
  const manifest = await readManifest(file);
  await ensureEmptyDataDir(config.dataDir);
  if (manifest.database === "pg_dump") {
    if (!config.databaseUrl) {
      throw new RestoreRefusedError(
        "This backup was made with DATABASE_URL (pg_dump): set DATABASE_URL to an empty database.",
      );
    }
    await ensureEmptyDatabase(config.databaseUrl);
  } else if (config.databaseUrl) {
    throw new RestoreRefusedError(
      "This backup holds the embedded PostgreSQL: unset DATABASE_URL to restore it.",
    );
  }
  await mkdir(config.dataDir, { recursive: true, mode: 0o755 });
  log(`Unpacking ${file} into ${config.dataDir}`);
  await tar.x({ file, cwd: config.dataDir, preserveOwner: false });
  await rm(path.join(config.dataDir, MANIFEST_NAME), { force: true });
  if (manifest.database === "pg_dump") {
    log("Restoring the database with pg_restore");
    const dump = path.join(config.dataDir, "database.dump");
    await run("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", config.databaseUrl!, dump]);
    await rm(dump, { force: true });
  } else {
    await claimCluster(config.embeddedPostgresDir);
    // The first start replays the WAL the copy needs; stopping it leaves a clean cluster.
    log("Starting the restored PostgreSQL once to recover it");
    const pgServer = await startEmbeddedPostgres(config.embeddedPostgresDir);
    const client = new pg.Client({ connectionString: pgServer.url });
    try {
      await client.connect();
      const { rows } = await client.query<{ n: string }>(
        "select count(*)::text as n from pg_tables where schemaname = 'public'",
      );
      log(`Restored: the database answers (${rows[0]?.n ?? 0} tables)`);
    } finally {
      await client.end().catch(() => {});
      await pgServer.stop();
    }
  }
  if (manifest.storage === "s3")
    log("The photos of this backup are in its S3 bucket; they were not in the archive.");
}
