/**
 * Uploads in flight, per user: at most MAX_UPLOADS_IN_FLIGHT at once, and the temp bytes they may
 * write together never more than the user's remaining quota (each upload alone is held to it by
 * the multipart limit; without the shared count, four parallel uploads could write four times the
 * quota to disk before the quota check). Each upload reserves its request's declared size
 * (Content-Length, multipart overhead included; without one, all that is left) before it reads a
 * byte: first come, first served, so an upload that is let in is never cut off by another.
 *
 * Per process: the counts live in this process's memory. Behind a load balancer each process
 * holds its own limits (docs/operations.md "Per-process limits"); the quota itself is still enforced exactly in
 * PostgreSQL under the per-user lock.
 */
import { MAX_UPLOADS_IN_FLIGHT } from "@poleatlas/shared";
import type { LeakWatch } from "./leak-watch";

interface UserUploads {
  count: number;
  /** Bytes reserved by this user's uploads in flight. */
  reserved: number;
}

export interface UploadSlot {
  /**
   * Reserves up to `declared` bytes (null: unknown) for this upload, at most `limit` (the
   * remaining quota it saw) minus what the user's other uploads hold; false when nothing fits
   * what was declared. Once per slot.
   */
  reserve(declared: number | null, limit: number): boolean;
  /** Counts `n` more received bytes; false (nothing counted) past the reservation. */
  take(n: number): boolean;
  /** Ends the slot: its bytes and its place are given back. Safe to call twice. */
  release(): void;
}

export class UploadSlots {
  private readonly users = new Map<string, UserUploads>();

  constructor(
    private readonly maxPerUser = MAX_UPLOADS_IN_FLIGHT,
    /** Takes back a slot held past the request timeout (a path that never released it). */
    private readonly watch?: LeakWatch,
  ) {}

  /** A slot for one more upload of this user, or null when they have maxPerUser in flight. */
  acquire(userId: string): UploadSlot | null {
    const user = this.users.get(userId) ?? { count: 0, reserved: 0 };
    if (user.count >= this.maxPerUser) return null;
    user.count += 1;
    this.users.set(userId, user);
    let mine = 0;
    let used = 0;
    let released = false;
    const end = () => {
      if (released) return;
      released = true;
      user.reserved -= mine;
      user.count -= 1;
      if (user.count === 0 && this.users.get(userId) === user) this.users.delete(userId);
    };
    const release = this.watch ? this.watch.track("uploads per user", userId, end) : end;
    return {
      reserve(declared, limit) {
        if (released) return false; // taken back as a leak: it holds nothing any more
        const free = limit - user.reserved;
        const want = declared === null ? free : Math.min(declared, limit);
        if (want > free || free <= 0) return false;
        mine = want;
        user.reserved += want;
        return true;
      },
      take(n) {
        if (used + n > mine) return false;
        used += n;
        return true;
      },
      release,
    };
  }

  /** Uploads in flight for this user (tests, logs). */
  inFlight(userId: string): number {
    return this.users.get(userId)?.count ?? 0;
  }
}
