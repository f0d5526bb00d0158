/**
 * Keys the plugin verified lately, by the key's SHA-256: what each is for (user, workspace, scope)
 * without the plugin's hashing, row read and counter UPDATE on every call of a GIS client paging a
 * layer. Only what never changes for a key is kept; whether it still exists and whether its user
 * is still in its workspace (and in which role) is read again on every call, so a revoked key or a
 * removed member's key stops at once, in every server process. A verification is reused for a
 * minute, so the plugin writes a key's last use at most once a minute per process.
 */
import { createHash } from "node:crypto";
import type { ApiKeyScope } from "@poleatlas/shared";

export interface VerifiedKey {
  id: string;
  name: string;
  userId: string;
  workspaceId: string;
  scope: ApiKeyScope;
}

export const VERIFIED_KEY_TTL_MS = 60_000;
/** Enough for every key in use at once; past it the oldest verification is dropped. */
const MAX_ENTRIES = 10_000;

export function createVerifiedKeys(now: () => number = Date.now) {
  const entries = new Map<string, { key: VerifiedKey; until: number }>();
  const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

  return {
    get(key: string): VerifiedKey | null {
      const hash = digest(key);
      const hit = entries.get(hash);
      if (!hit) return null;
      if (hit.until <= now()) {
        entries.delete(hash);
        return null;
      }
      return hit.key;
    },

    set(key: string, verified: VerifiedKey): void {
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(digest(key), { key: verified, until: now() + VERIFIED_KEY_TTL_MS });
    },

    /** Forgets a key at once (revoked here; other processes learn it from the database). */
    forget(id: string): void {
      for (const [hash, entry] of entries) if (entry.key.id === id) entries.delete(hash);
    },
  };
}

export type VerifiedKeys = ReturnType<typeof createVerifiedKeys>;
