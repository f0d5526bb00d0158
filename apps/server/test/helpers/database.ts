import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, runMigrations, type Database } from "../../src/infra/db/database";

export interface TestDatabase {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A new, migrated database on the run's PostgreSQL; `drop()` removes it. Its pool has 5
 * connections unless `poolMax` says otherwise (the server's own default is 10).
 */
export async function createTestDatabase(poolMax = 5): Promise<TestDatabase> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabaseName(adminUrl, name);
  const database = connectDatabase(url, { max: poolMax });
  await runMigrations(database);
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
