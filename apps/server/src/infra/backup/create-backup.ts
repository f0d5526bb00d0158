/**
 * `npm run backup -- FILE`: one tar archive with the database and the photo files. The embedded
 * cluster is copied online (embedded-cluster-copy.ts), starting it for the copy if no server
 * runs; with DATABASE_URL the system's pg_dump dumps the database. Photos in S3 stay in the bucket.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import * as tar from "tar";
import type { Config } from "../../config";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { isAlive, readPostmasterPid } from "../db/postgres-leftover";
import { copyClusterOnline } from "./embedded-cluster-copy";
import { MANIFEST_NAME, type Manifest } from "./backup-manifest";

const run = promisify(execFile);

/**
 * The whole database (our tables, the record of applied migrations, extensions they use) but not
 * pg-boss's queue: a restored server starts with a fresh one.
 */
export const EXCLUDED_SCHEMAS = ["pgboss"];

/** The embedded cluster as a running server sees it, or started just for the copy. */
async function withEmbeddedClient<T>(pgDir: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const running = await readPostmasterPid(pgDir);
  let url: string;
  let stop = async () => {};
  if (running && isAlive(running.pid)) {
    url = `postgres://poleatlas:poleatlas@127.0.0.1:${running.port}/postgres`;
  } else {
    const started = await startEmbeddedPostgres(pgDir);
    url = started.url;
    stop = () => started.stop();
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return await use(client);
  } finally {
    await client.end().catch(() => {});
    await stop();
  }
}

/** pg_dump refuses a server newer than itself: say which client tools to install instead. */
export async function checkPgDump(url: string): Promise<void> {
  let version: string;
  try {
    version = (await run("pg_dump", ["--version"])).stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    throw new Error(
      "pg_dump was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).",
      { cause: err },
    );
  }
  const dumpMajor = Number(/(\d+)(\.\d+)?/.exec(version)?.[1]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let serverMajor: number;
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    serverMajor = Math.floor(Number(rows[0]?.v) / 10_000);
  } finally {
    await client.end();
  }
  if (dumpMajor < serverMajor) {
    throw new Error(
      `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${serverMajor} server: install client tools of version ` +
        `${serverMajor} or newer (e.g. postgresql-client-${serverMajor}) and put their pg_dump first on PATH.`,
    );
  }
}

export async function createBackup(config: Config, file: string, log: (msg: string) => void): Promise<void> {
  const filesDir = config.storage.kind === "local" ? config.storage.rootDir : undefined;
  if (filesDir && path.relative(config.dataDir, filesDir).startsWith("..")) {
    throw new Error(
      `FILES_DIR (${filesDir}) is outside DATA_DIR: copy it yourself (rsync, rclone) next to this backup.`,
    );
  }
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(file)), ".poleatlas-backup-"));
  try {
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: config.databaseUrl ? "pg_dump" : "cluster",
      storage: config.storage.kind,
    };
    await writeFile(path.join(staging, MANIFEST_NAME), JSON.stringify(manifest, null, 2));
    if (config.databaseUrl) {
      await checkPgDump(config.databaseUrl);
      log("Dumping the database with pg_dump");
      const schemas = EXCLUDED_SCHEMAS.flatMap((s) => ["--exclude-schema", s]);
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        ...schemas,
        "--file",
        path.join(staging, "database.dump"),
        config.databaseUrl,
      ]);
    } else {
      log(`Copying the embedded PostgreSQL in ${config.embeddedPostgresDir}`);
      await withEmbeddedClient(config.embeddedPostgresDir, (client) =>
        copyClusterOnline(client, config.embeddedPostgresDir, path.join(staging, "postgres")),
      );
    }
    const fromStaging = [MANIFEST_NAME, config.databaseUrl ? "database.dump" : "postgres"];
    // Written unreadable to others from the first byte: it holds password hashes and the auth secret.
    await writeFile(file, "", { mode: 0o600 });
    await chmod(file, 0o600);
    await tar.c({ file, cwd: staging, portable: false }, fromStaging);
    const fromDataDir = [
      ...(filesDir ? [path.relative(config.dataDir, filesDir)] : []),
      ...(existsSync(config.auth.secretFile) ? [path.relative(config.dataDir, config.auth.secretFile)] : []),
    ].filter((p) => existsSync(path.join(config.dataDir, p)));
    if (fromDataDir.length > 0) await tar.r({ file, cwd: config.dataDir }, fromDataDir);
    if (config.storage.kind === "s3") {
      log(
        `Photos are in the S3 bucket ${config.storage.bucket} and are not in this archive: back the bucket up on its own.`,
      );
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
