/**
 * Uploads and the summary triggers must take the same per-user lock (drizzle/0003_one_lock_one_order.sql):
 * while an upload's transaction holds it, a write to that user's photos waits, and the other way
 * round. If either side ever locked on another key, these waits would not happen.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImagesRepository } from "../../src/modules/photos/images.repository";
import { useTestApp, useSignedInUser } from "../helpers/setup";

let client: pg.Client;
const t = useTestApp();
const user = useSignedInUser(t);
const other = useSignedInUser(t);
beforeAll(async () => {
  client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
});

/** An insert of one photo row for `userId` on the separate connection, giving up after a short lock wait. */
async function insertWaiting(userId: string): Promise<"inserted" | "blocked"> {
  await client.query("BEGIN");
  try {
    // Not a timing assertion: a lock the insert cannot get ends it with 55P03, a free one never does.
    await client.query("SET LOCAL lock_timeout = '300ms'");
    await client.query(
      `INSERT INTO utility_pole_images (user_id, storage_key, thumbnail_key, name, file_size, metadata)
       VALUES ($1, gen_random_uuid()::text, gen_random_uuid()::text, 'x.jpg', 1, '{}'::jsonb)`,
      [userId],
    );
    return "inserted";
  } catch (err) {
    if ((err as { code?: string }).code === "55P03") return "blocked";
    throw err;
  } finally {
    await client.query("ROLLBACK");
  }
}

describe("the per-user lock", () => {
  it("held by an upload's transaction, blocks the triggers of that user's writes only", async () => {
    const repository = createImagesRepository(t.db.database.db);
    const outcome = await repository.withLocks([user.id], async () => ({
      same: await insertWaiting(user.id),
      other: await insertWaiting(other.id),
    }));
    expect(outcome).toEqual({ same: "blocked", other: "inserted" });
    expect(await insertWaiting(user.id)).toBe("inserted");
  });

  it("held by a trigger, blocks an upload's transaction", async () => {
    await client.query("BEGIN");
    try {
      await client.query(
        `INSERT INTO utility_pole_images (user_id, storage_key, thumbnail_key, name, file_size, metadata)
         VALUES ($1, gen_random_uuid()::text, gen_random_uuid()::text, 'x.jpg', 1, '{}'::jsonb)`,
        [user.id],
      );
      const repository = createImagesRepository(t.db.database.db);
      const attempt = repository.withLocks([user.id], async (tx) => {
        await tx.execute(sql`SELECT 1`);
        return "locked";
      });
      let settled = false;
      void attempt.finally(() => (settled = true));
      const result = await Promise.race([
        attempt,
        // Waiting on the lock shows in pg_locks as an ungranted advisory lock.
        (async () => {
          while (!settled) {
            const { rows } = await t.db.database.pool.query(
              "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
            );
            if ((rows[0] as { n: number }).n > 0) return "waiting";
            await new Promise((r) => setTimeout(r, 20));
          }
          return "not waiting";
        })(),
      ]);
      expect(result).toBe("waiting");
      await client.query("ROLLBACK");
      expect(await attempt).toBe("locked");
    } finally {
      await client.query("ROLLBACK").catch(() => {});
    }
  });
});
