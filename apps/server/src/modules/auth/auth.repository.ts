/** The little SQL the auth module runs itself; everything else goes through better-auth. */
import { lt } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { rateLimit, verification } from "../../infra/db/schema";

export function createAuthRepository(db: Db) {
  return {
    /** Prunes verification rows (reset tokens) that expired before `cutoff`. */
    async deleteVerificationsExpiredBefore(cutoff: Date): Promise<void> {
      await db.delete(verification).where(lt(verification.expiresAt, cutoff));
    },

    /** Prunes rate-limit counters last used before `cutoffMs` (better-auth stores epoch ms). */
    async deleteRateLimitsLastUsedBefore(cutoffMs: number): Promise<void> {
      await db.delete(rateLimit).where(lt(rateLimit.lastRequest, cutoffMs));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
