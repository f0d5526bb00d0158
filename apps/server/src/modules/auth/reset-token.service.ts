/**
 * Tells the reset page, before it shows the form, what a reset token is worth. better-auth deletes
 * a token when it is used, so "used" and "never existed" look the same (one spec message covers
 * both); expired tokens stay in the table for KEEP_EXPIRED_MS so "expired" can be told apart.
 */
import type { ResetTokenStatus } from "@poleatlas/shared";
import type { FastifyBaseLogger } from "fastify";
import type { AuthRepository } from "./auth.repository";

/** better-auth's tokens are 24 letters and digits; anything far from that shape is malformed. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const KEEP_EXPIRED_MS = 7 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

export interface ResetTokenDeps {
  /** better-auth's own lookup, so hashing of stored identifiers stays its business. */
  findVerification: (identifier: string) => Promise<{ expiresAt: Date | string } | null>;
  repository: AuthRepository;
  log: Pick<FastifyBaseLogger, "error">;
  now?: () => number;
}

export function createResetTokenService({
  findVerification,
  repository,
  log,
  now = Date.now,
}: ResetTokenDeps) {
  let nextPruneAt = 0;
  const prune = async () => {
    const t = now();
    if (t < nextPruneAt) return;
    nextPruneAt = t + PRUNE_EVERY_MS;
    // A failed clean-up is retried at the next hour; the page asking about its link still gets
    // its answer.
    try {
      await repository.deleteVerificationsExpiredBefore(new Date(t - KEEP_EXPIRED_MS));
    } catch (err) {
      log.error({ err }, "could not prune expired reset tokens");
    }
  };
  return {
    async status(token: string | undefined): Promise<ResetTokenStatus> {
      if (!token || !TOKEN_SHAPE.test(token)) return "malformed";
      await prune();
      const row = await findVerification(`reset-password:${token}`);
      if (!row) return "invalid";
      return new Date(row.expiresAt).getTime() <= now() ? "expired" : "valid";
    },
  };
}

export type ResetTokenService = ReturnType<typeof createResetTokenService>;
