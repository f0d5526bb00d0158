/** The little SQL the auth module runs itself; everything else goes through better-auth. */
import { lt } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { verification } from "../../infra/db/schema";

export function createAuthRepository(db: Db) {
  return {
    /** Prunes verification rows (reset tokens) that expired before `cutoff`. */
    async deleteVerificationsExpiredBefore(cutoff: Date): Promise<void> {
      await db.delete(verification).where(lt(verification.expiresAt, cutoff));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
