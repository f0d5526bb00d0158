import { randomUUID } from "node:crypto";
import pg from "pg";
import { connectDatabase, runMigrations } from "../../src/infra/db/database";

/** A URL naming another database on the same server. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A database with every migration applied, left without connections so that test databases can
 * be made from it (`CREATE DATABASE … TEMPLATE`). Its name is the run's own, so runs sharing one
 * server (TEST_DATABASE_URL) never copy each other's.
 */
export async function createTemplateDatabase(adminUrl: string) {
  const name = `test_template_${randomUUID().replaceAll("-", "")}`;
  await onAdmin(adminUrl, `CREATE DATABASE "${name}"`);
  const database = connectDatabase(withDatabaseName(adminUrl, name), { max: 1 });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
