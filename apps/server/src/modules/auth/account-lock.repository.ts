/**
 * Sign-in attempts per e-mail address, in the rate_limit table beside better-auth's per-address
 * rows (its keys are `<ip>|<path>`, ours `sign-in-account|<sha256 of the address>`, so neither
 * reads the other's). `last_request` holds when the current window began, or, once the count has
 * reached the maximum, when the lock began. An attempt is counted before it is forwarded, under
 * the row's lock, so parallel guesses, from one server process or several, get no more tries
 * between them than one guesser in a row would.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { rateLimit } from "../../infra/db/schema";

export const ACCOUNT_LOCK_KEY_PREFIX = "sign-in-account|";

export interface AttemptSettings {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
  nowMs: number;
}

export interface AttemptRow {
  count: number;
  since: number;
}

/** Addresses are not kept readable in a table of counters. */
const keyFor = (email: string) =>
  `${ACCOUNT_LOCK_KEY_PREFIX}${createHash("sha256").update(email).digest("base64url")}`;

/**
 * The row after one more attempt, or `refused` while a lock lasts. A window that has passed
 * starts again at 1; reaching `max` starts the lock (the timestamp moves to now); after the lock
 * the count starts again at 1.
 */
export function nextAttempt(row: AttemptRow, s: AttemptSettings): AttemptRow | "refused" {
  if (row.count >= s.max) {
    if (row.since + s.lockSeconds * 1000 > s.nowMs) return "refused";
    return { count: 1, since: s.nowMs };
  }
  if (row.since <= s.nowMs - s.windowSeconds * 1000) return { count: 1, since: s.nowMs };
  const count = row.count + 1;
  return { count, since: count >= s.max ? s.nowMs : row.since };
}

export function createAccountLockRepository(db: Db) {
  return {
    /**
     * Counts one attempt and answers the row's timestamp as it is now (the reservation's mark for
     * `release`), or the lock's start if refused.
     */
    reserve(email: string, s: AttemptSettings): Promise<{ refused: boolean; since: number }> {
      const key = keyFor(email);
      return db.transaction(async (tx) => {
        // One statement creates or locks the row and reads it: a prune between two statements
        // cannot leave it missing.
        const [row] = await tx
          .insert(rateLimit)
          .values({ id: randomUUID(), key, count: 0, lastRequest: s.nowMs })
          .onConflictDoUpdate({ target: rateLimit.key, set: { key: sql`excluded.key` } })
          .returning({ count: rateLimit.count, since: rateLimit.lastRequest });
        const next = nextAttempt(row ?? { count: 0, since: s.nowMs }, s);
        if (next === "refused") return { refused: true, since: row?.since ?? s.nowMs };
        await tx
          .update(rateLimit)
          .set({ count: next.count, lastRequest: next.since })
          .where(eq(rateLimit.key, key));
        return { refused: false, since: next.since };
      });
    },

    /**
     * Takes back an attempt that proved nothing about the password, only while its window (or
     * lock) is the one it was counted in: a window begun since holds none of it, and a lost
     * attempt must not erase a failure counted there.
     */
    async release(email: string, reservedSince: number): Promise<void> {
      await db
        .update(rateLimit)
        .set({ count: sql`GREATEST(${rateLimit.count} - 1, 0)` })
        .where(and(eq(rateLimit.key, keyFor(email)), eq(rateLimit.lastRequest, reservedSince)));
    },

    async clear(email: string): Promise<void> {
      await db.delete(rateLimit).where(eq(rateLimit.key, keyFor(email)));
    },
  };
}

export type AccountLockRepository = ReturnType<typeof createAccountLockRepository>;
