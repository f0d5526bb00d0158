/**
 * A database of its own migrated up to just before one migration, for the tests of what that
 * migration does to data written in the older shape; dropped after the file's last test.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

const DRIZZLE = path.resolve(__dirname, "../../drizzle");

export function useDatabaseBefore(tagPrefix: string) {
  const state: { client: pg.Client; tag: string } = { client: undefined as unknown as pg.Client, tag: "" };
  let admin: pg.Client | undefined;
  const name = `test_${randomUUID().replaceAll("-", "")}`;

  /** Runs one migration's statements as drizzle would, on this database. */
  async function apply(tag: string) {
    const text = await readFile(path.join(DRIZZLE, `${tag}.sql`), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) {
      if (statement.trim()) await state.client.query(statement);
    }
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(inject("adminDatabaseUrl"));
    url.pathname = `/${name}`;
    state.client = new pg.Client({ connectionString: url.toString() });
    await state.client.connect();
    const journal = JSON.parse(await readFile(path.join(DRIZZLE, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    for (const { tag } of journal.entries) {
      if (tag.startsWith(tagPrefix)) {
        state.tag = tag;
        break;
      }
      await apply(tag);
    }
  });

  afterAll(async () => {
    await state.client?.end();
    await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin?.end();
  });

  return {
    /** The connection to the database (after the file's beforeAll). */
    get client() {
      return state.client;
    },
    /** Applies the migration the database stops before. */
    applyIt: () => apply(state.tag),
  };
}
