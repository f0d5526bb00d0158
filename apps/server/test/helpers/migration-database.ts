/**
 * A database of its own migrated up to (not including) one migration, for a test of that
 * migration's data move: the test writes rows as the older schema had them, applies the migration
 * and reads what it made. Dropped after the file's last test.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

const DRIZZLE = path.resolve(__dirname, "../../drizzle");

export interface MigrationDatabase {
  query: <R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ) => Promise<pg.QueryResult<R>>;
  /** Runs the migration `tag` (its statements, as the migrator splits them). */
  apply: (tag: string) => Promise<void>;
}

export function useDatabaseBefore(tagPrefix: string): MigrationDatabase {
  let admin: pg.Client;
  let client: pg.Client;
  const name = `test_${randomUUID().replaceAll("-", "")}`;

  async function apply(tag: string) {
    const text = await readFile(path.join(DRIZZLE, `${tag}.sql`), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      if (statement.trim()) await client.query(statement);
    }
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(inject("adminDatabaseUrl"));
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const journal = JSON.parse(await readFile(path.join(DRIZZLE, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    for (const { tag } of journal.entries) {
      if (tag.startsWith(tagPrefix)) break;
      await apply(tag);
    }
  });

  afterAll(async () => {
    await client?.end();
    await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin?.end();
  });

  return { query: (text, values) => client.query(text, values), apply };
}
