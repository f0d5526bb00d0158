import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app";
import { loadConfig, type Config } from "../../src/config";
import type { Storage } from "../../src/infra/storage/storage";
import { connectDatabase } from "../../src/infra/db/database";
import type { LoggerOptions } from "../../src/logging";
import { createTestDatabase, type TestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/** The dev mailbox's key in test apps: `/dev/mail?key=` this. */
export const TEST_MAILBOX_KEY = "test-mailbox-key-0123456789";
export const TEST_MAILBOX_URL = `/dev/mail?key=${TEST_MAILBOX_KEY}`;

/**
 * The real app on its own migrated database and data folder; env overrides go through config.
 * `storage` replaces the photo storage config describes (e.g. a wrapper that slows or fails it);
 * `poolMax` sizes the database pool (5 unless given; the server's default is 10).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: {
    storage?: (config: Config) => Storage | Promise<Storage>;
    poolMax?: number;
    /** Today's date as the inspection rules read it (YYYY-MM-DD). */
    today?: () => string;
    /** Another server process on this one's database (its own pool and data folder; not dropped). */
    beside?: TestApp;
    /** How often open event streams check their credential (the server's default is 5 s). */
    eventsCredentialCheckMs?: number;
    /** Where the log goes (by default nowhere: LOG_LEVEL=silent). */
    logger?: LoggerOptions;
  } = {},
): Promise<TestApp> {
  const db = opts.beside ? besideDatabase(opts.beside) : await createTestDatabase(opts.poolMax);
  // Processes behind one address share the secret that signs session cookies.
  const secret = opts.beside
    ? { BETTER_AUTH_SECRET: (await readFile(path.join(opts.beside.dataDir, "auth-secret"), "utf8")).trim() }
    : {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-test-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    DEV_MAILBOX_KEY: TEST_MAILBOX_KEY,
    ...secret,
    ...env,
  });
  const app = await buildApp({
    config,
    database: db.database,
    storage: await opts.storage?.(config),
    today: opts.today,
    eventsCredentialCheckMs: opts.eventsCredentialCheckMs,
    logger: opts.logger,
  });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A pool of its own on `other`'s database; closing it leaves the database to `other`. */
function besideDatabase(other: TestApp): TestDatabase {
  const database = connectDatabase(other.db.url, { max: 5 });
  return { database, url: other.db.url, drop: () => database.close() };
}
