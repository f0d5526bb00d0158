/**
 * Deletes rate_limit rows whose window has long passed, at most once an hour, piggy-backed on
 * auth requests (the way reset tokens are pruned). better-auth deletes old rows only when their
 * own key comes back, so the rows of addresses that never return would otherwise stay forever.
 */
import type { FastifyBaseLogger } from "fastify";
import type { AuthRepository } from "./auth.repository";

const PRUNE_EVERY_MS = 3600 * 1000;

export interface RateLimitPrunerDeps {
  repository: AuthRepository;
  /** Rows untouched for longer than this are expired under every rule. */
  windowSeconds: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

export function createRateLimitPruner({
  repository,
  windowSeconds,
  log,
  now = Date.now,
}: RateLimitPrunerDeps) {
  let nextPruneAt = 0;
  /** Never rejects: a failed clean-up must not fail the request that triggered it. */
  return async function pruneRateLimits(): Promise<void> {
    const t = now();
    if (t < nextPruneAt) return;
    nextPruneAt = t + PRUNE_EVERY_MS;
    try {
      await repository.deleteRateLimitsLastUsedBefore(t - windowSeconds * 1000);
    } catch (err) {
      log.error({ err }, "could not prune old rate-limit rows");
    }
  };
}
