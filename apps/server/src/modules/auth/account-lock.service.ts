/**
 * Per-account protection beside better-auth's per-address limit: after `max` failed sign-ins for
 * one e-mail address within `windowSeconds`, from any client addresses, sign-in for that address
 * answers 429 for `lockSeconds`. Attempts are counted per address typed, whether or not an
 * account has it, so the lock tells an attacker nothing about which accounts exist. Each attempt
 * is counted before it is tried; a success clears the count, and an answer that says nothing
 * about the password (an unconfirmed account, a refused origin, the per-address limit, a server
 * error) gives the attempt back, within the window it was counted in.
 */
import type { AccountLockRepository } from "./account-lock.repository";

export interface AccountLockSettings {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Not locked: the attempt is counted, and `reservedSince` names it for `settle`. */
export type LockState =
  { locked: false; reservedSince: number } | { locked: true; retryAfterSeconds: number };

export function createAccountLockService(deps: {
  repository: AccountLockRepository;
  settings: AccountLockSettings;
  now?: () => number;
}) {
  const { repository, settings, now = Date.now } = deps;
  const key = (email: string) => email.trim().toLowerCase();
  return {
    /** Counts an attempt about to be tried, or answers the lock that refuses it. */
    async begin(email: string): Promise<LockState> {
      const t = now();
      const r = await repository.reserve(key(email), { ...settings, nowMs: t });
      if (!r.refused) return { locked: false, reservedSince: r.since };
      const endsAt = r.since + settings.lockSeconds * 1000;
      return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - t) / 1000)) };
    },

    /**
     * What the attempt begun for `email` turned out to be, from better-auth's status code: a
     * wrong password (401) or a body it refused (400) stays counted.
     */
    settle(email: string, reservedSince: number, status: number): Promise<void> {
      if (status === 401 || status === 400) return Promise.resolve();
      if (status >= 200 && status < 300) return repository.clear(key(email));
      return repository.release(key(email), reservedSince);
    },
  };
}

export type AccountLockService = ReturnType<typeof createAccountLockService>;
