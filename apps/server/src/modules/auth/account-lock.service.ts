/**
 * Per-account protection beside better-auth's per-address limit: after `max` failed sign-ins for
 * one e-mail address within `windowSeconds`, from any client addresses, sign-in for that address
 * answers 429 for `lockSeconds`. Failures are counted per address typed, whether or not an
 * account has it, so the lock tells an attacker nothing about which accounts exist. A successful
 * sign-in clears the count.
 */
import type { AccountLockRepository } from "./account-lock.repository";

export interface AccountLockSettings {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

export type LockState = { locked: false } | { locked: true; retryAfterSeconds: number };

export function createAccountLockService(deps: {
  repository: AccountLockRepository;
  settings: AccountLockSettings;
  now?: () => number;
}) {
  const { repository, settings, now = Date.now } = deps;
  const key = (email: string) => email.trim().toLowerCase();
  return {
    async check(email: string): Promise<LockState> {
      const row = await repository.find(key(email));
      const t = now();
      if (!row || row.count < settings.max) return { locked: false };
      const endsAt = row.since + settings.lockSeconds * 1000;
      if (endsAt <= t) return { locked: false };
      return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - t) / 1000)) };
    },

    recordFailure(email: string): Promise<void> {
      return repository.addFailure(key(email), { ...settings, nowMs: now() });
    },

    recordSuccess(email: string): Promise<void> {
      return repository.clear(key(email));
    },
  };
}

export type AccountLockService = ReturnType<typeof createAccountLockService>;
