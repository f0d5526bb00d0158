/**
 * A bench step's own data folder, PostgreSQL (migrated) and built server, removed afterwards.
 * The smoke (toy sizes, figures that mean nothing) shares one PostgreSQL between its steps, each
 * step in a database of its own: starting a cluster costs about two seconds a step, a fifth of the
 * smoke's time, while a measured run keeps a cluster to each step so no step's data or caches
 * weigh on the next one's figures.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { connectDatabase, runMigrations } from "../../apps/server/src/infra/db/database";
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from "../../apps/server/src/infra/db/embedded-postgres";
import type { ServerProcess } from "../../apps/server/test/helpers/server-process";
import { createTemplateDatabase, withDatabaseName } from "../../apps/server/test/helpers/template-database";
import { benchServerEnv } from "./client";
import { makeDataDir, startServer } from "./server";

export interface BenchServer {
  server: ServerProcess;
  database: ReturnType<typeof connectDatabase>;
  dir: string;
}

interface SharedCluster {
  postgres: EmbeddedPostgres;
  dir: string;
  template: string;
}

/** A promise: steps running at once ask for their databases together, and get the one cluster. */
let shared: Promise<SharedCluster> | undefined;
let databases = 0;
let sharing = false;

/** From now on the steps share one PostgreSQL (the smoke); `stopSharedPostgres` ends it. */
export function shareOnePostgres(): void {
  sharing = true;
}

export async function stopSharedPostgres(): Promise<void> {
  if (!shared) return;
  const { postgres, dir } = await shared;
  shared = undefined;
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}

interface OwnDatabase {
  url: string;
  drop: () => Promise<void>;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = connectDatabase(url);
  try {
    await admin.pool.query(sql);
  } finally {
    await admin.close();
  }
}

/** The API tier's cluster settings (its global setup's, which this project cannot import: vitest's types). */
const NO_DURABILITY = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };

/**
 * The smoke's cluster, thrown away after the run as the API tier's is: without its flushes to
 * disk, as there; and a template migrated once, which each step's database copies, as the API
 * tier's files do (each step migrating its own database cost it a round of the migrations).
 */
async function startSharedCluster(): Promise<SharedCluster> {
  const dir = await makeDataDir("poleatlas-bench-postgres-");
  const postgres = await startEmbeddedPostgres(path.join(dir, "postgres"), undefined, undefined, {
    settings: NO_DURABILITY,
  });
  const { name } = await createTemplateDatabase(postgres.url);
  return { postgres, dir, template: name };
}

/** A migrated database of the shared cluster, a copy of its template. */
async function sharedDatabase(): Promise<OwnDatabase> {
  shared ??= startSharedCluster();
  const { postgres, template } = await shared;
  const name = `bench_${++databases}`;
  await adminQuery(postgres.url, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return {
    url: withDatabaseName(postgres.url, name),
    drop: () => adminQuery(postgres.url, `DROP DATABASE "${name}" WITH (FORCE)`),
  };
}

/** A migrated database of its own: in a fresh cluster, or a new one in the shared cluster. */
async function ownDatabase(dir: string): Promise<OwnDatabase> {
  if (sharing) return sharedDatabase();
  const postgres = await startEmbeddedPostgres(path.join(dir, "postgres"));
  const database = connectDatabase(postgres.url);
  try {
    await runMigrations(database);
  } catch (err) {
    await postgres.stop();
    throw err;
  } finally {
    await database.close();
  }
  return { url: postgres.url, drop: () => postgres.stop() };
}

/**
 * For a step whose server starts its own PostgreSQL (no DATABASE_URL, as a deployment without
 * one does): in the smoke, a database of the shared cluster instead, which `env` names, saving
 * the server an initdb; outside the smoke `env` is empty and the server keeps its own.
 */
export async function smokeDatabaseEnv(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (!sharing) return { env: {}, drop: () => Promise.resolve() };
  const db = await sharedDatabase();
  return { env: { DATABASE_URL: db.url }, drop: db.drop };
}

/** Runs `measure` against a fresh server on a fresh, migrated database; everything goes after. */
export async function withBenchServer<T>(
  prefix: string,
  env: Record<string, string>,
  measure: (b: BenchServer) => Promise<T>,
): Promise<T> {
  const dir = await makeDataDir(prefix);
  const db = await ownDatabase(dir);
  const database = connectDatabase(db.url);
  try {
    const server = await startServer({
      env: { ...benchServerEnv, ...env, DATABASE_URL: db.url, DATA_DIR: dir },
    });
    try {
      return await measure({ server, database, dir });
    } catch (err) {
      // The server's own words: a step that lost its server says why.
      if (process.env.BENCH_SERVER_LOG) {
        await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        console.error(
          server.url,
          server.child.signalCode ?? server.child.exitCode,
          server.log().slice(-4000),
        );
      }
      throw err;
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
