/**
 * Failed sign-in counts per e-mail address, in the rate_limit table beside better-auth's per-address
 * rows (its keys are `<ip>|<path>`, ours `sign-in-account|<sha256 of the address>`, so neither
 * reads the other's). `last_request` holds when the current window began, or, once the count has
 * reached the maximum, when the lock began. Every change is one SQL statement, so several server
 * processes counting at once neither lose a failure nor double a lock.
 */
import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { rateLimit } from "../../infra/db/schema";

export const ACCOUNT_LOCK_KEY_PREFIX = "sign-in-account|";

/** Addresses are not kept readable in a table of counters. */
const keyFor = (email: string) =>
  `${ACCOUNT_LOCK_KEY_PREFIX}${createHash("sha256").update(email).digest("base64url")}`;

export function createAccountLockRepository(db: Db) {
  return {
    async find(email: string): Promise<{ count: number; since: number } | undefined> {
      const [row] = await db
        .select({ count: rateLimit.count, since: rateLimit.lastRequest })
        .from(rateLimit)
        .where(eq(rateLimit.key, keyFor(email)));
      return row;
    },

    /**
     * Counts one failure. A window that has passed starts again at 1; reaching `max` starts the
     * lock (the timestamp moves to now); failures during a lock change nothing; after the lock
     * the count starts again at 1.
     */
    async addFailure(
      email: string,
      s: { max: number; windowSeconds: number; lockSeconds: number; nowMs: number },
    ): Promise<void> {
      const now = s.nowMs;
      const windowStart = now - s.windowSeconds * 1000;
      const lockStart = now - s.lockSeconds * 1000;
      const old = sql`${rateLimit.count} >= ${s.max}`;
      const lockOver = sql`${rateLimit.lastRequest} <= ${lockStart}`;
      const windowOver = sql`${rateLimit.lastRequest} <= ${windowStart}`;
      await db
        .insert(rateLimit)
        .values({ id: randomUUID(), key: keyFor(email), count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`CASE
              WHEN ${old} THEN (CASE WHEN ${lockOver} THEN 1 ELSE ${rateLimit.count} END)
              WHEN ${windowOver} THEN 1
              ELSE ${rateLimit.count} + 1 END`,
            lastRequest: sql`CASE
              WHEN ${old} THEN (CASE WHEN ${lockOver} THEN ${now}::bigint ELSE ${rateLimit.lastRequest} END)
              WHEN ${windowOver} THEN ${now}::bigint
              WHEN ${rateLimit.count} + 1 >= ${s.max} THEN ${now}::bigint
              ELSE ${rateLimit.lastRequest} END`,
          },
        });
    },

    async clear(email: string): Promise<void> {
      await db.delete(rateLimit).where(eq(rateLimit.key, keyFor(email)));
    },
  };
}

export type AccountLockRepository = ReturnType<typeof createAccountLockRepository>;
