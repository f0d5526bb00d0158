/**
 * apps/server/sql/functions.sql is where a reader finds the rules kept in SQL (the pole rule, the
 * kept counts, the append-only audit trail); the migrations build them up step by step. This
 * test keeps the two in agreement: it migrates a fresh database, notes every function and trigger
 * as PostgreSQL prints them back, then, in a transaction it rolls back, drops them all, runs
 * functions.sql and expects exactly the same definitions again. A body changed on one side only,
 * or a function or trigger missing from the file, fails here.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

const functionsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../sql/functions.sql");

/** Our functions (not those of extensions) and triggers, by name, as PostgreSQL prints them. */
async function definitions(client: pg.PoolClient): Promise<Record<string, string>> {
  const functions = await client.query<{ name: string; def: string }>(`
    SELECT p.oid::regprocedure::text AS name, pg_get_functiondef(p.oid) AS def
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`);
  const triggers = await client.query<{ name: string; def: string }>(`
    SELECT 'trigger ' || t.tgname AS name, pg_get_triggerdef(t.oid) AS def
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal`);
  return Object.fromEntries([...functions.rows, ...triggers.rows].map((r) => [r.name, r.def]));
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe("sql/functions.sql", () => {
  it("defines every SQL function and trigger exactly as the migrations leave them", async () => {
    const client = await db.database.pool.connect();
    try {
      const migrated = await definitions(client);
      expect(Object.keys(migrated).length).toBeGreaterThan(0);

      await client.query("BEGIN");
      try {
        const ours = await client.query<{ oid: string }>(`
          SELECT p.oid::regprocedure::text AS oid
          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public'
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`);
        // CASCADE takes the triggers with their functions; the file must bring both back.
        for (const { oid } of ours.rows) await client.query(`DROP FUNCTION ${oid} CASCADE`);
        expect(await definitions(client)).toEqual({});

        await client.query(await readFile(functionsFile, "utf8"));
        expect(await definitions(client)).toEqual(migrated);
      } finally {
        await client.query("ROLLBACK");
      }
    } finally {
      client.release();
    }
  });
});
