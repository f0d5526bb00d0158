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
import { benchServerEnv } from "./client";
import { makeDataDir, startServer } from "./server";

export interface BenchServer {
  server: ServerProcess;
  database: ReturnType<typeof connectDatabase>;
  dir: string;
}

let shared: { postgres: EmbeddedPostgres; dir: string; databases: number } | undefined;
let sharing = false;

/** From now on the steps share one PostgreSQL (the smoke); `stopSharedPostgres` ends it. */
export function shareOnePostgres(): void {
  sharing = true;
}

export async function stopSharedPostgres(): Promise<void> {
  if (!shared) return;
  await shared.postgres.stop();
  await rm(shared.dir, { recursive: true, force: true });
  shared = undefined;
}

/** A database of its own: a fresh cluster, or a new database in the shared one. */
async function ownDatabase(dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!sharing) {
    const postgres = await startEmbeddedPostgres(path.join(dir, "postgres"));
    return { url: postgres.url, drop: () => postgres.stop() };
  }
  if (!shared) {
    const sharedDir = await makeDataDir("poleatlas-bench-postgres-");
    shared = {
      postgres: await startEmbeddedPostgres(path.join(sharedDir, "postgres")),
      dir: sharedDir,
      databases: 0,
    };
  }
  const { postgres } = shared;
  const name = `bench_${++shared.databases}`;
  const admin = connectDatabase(postgres.url);
  await admin.pool.query(`CREATE DATABASE "${name}"`);
  await admin.close();
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = connectDatabase(postgres.url);
      await again.pool.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await again.close();
    },
  };
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
    await runMigrations(database);
    const server = await startServer({
      env: { ...benchServerEnv, ...env, DATABASE_URL: db.url, DATA_DIR: dir },
    });
    try {
      return await measure({ server, database, dir });
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
