/** A saturated connection pool answers with an error in bounded time instead of hanging forever. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../src/infra/db/database";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe("the pg pool", () => {
  it("waits 10 s at most for a free connection by default", async () => {
    const database = connectDatabase(db.url, { max: 1 });
    expect(database.pool.options.connectionTimeoutMillis).toBe(10_000);
    await database.close();
  });

  it("rejects a query when every connection stays busy past the timeout", async () => {
    const database = connectDatabase(db.url, { max: 1, connectionTimeoutMillis: 300 });
    const held = await database.pool.connect();
    try {
      const t0 = performance.now();
      await expect(database.pool.query("select 1")).rejects.toThrow(/timeout/i);
      expect(performance.now() - t0).toBeLessThan(3000);
    } finally {
      held.release();
      await database.close();
    }
  });
});
