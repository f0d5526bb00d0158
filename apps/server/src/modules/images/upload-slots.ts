/**
 * Uploads in flight, per user: at most MAX_UPLOADS_IN_FLIGHT at once, and the bytes they have
 * written to temp files together never more than the user's remaining quota (each upload alone is
 * held to it by the multipart limit; without the shared count, four parallel uploads could write
 * four times the quota to disk before the quota check).
 *
 * Per process: the counts live in this process's memory. Behind a load balancer each process
 * holds its own limits (README "Photos"); the quota itself is still enforced exactly in
 * PostgreSQL under the per-user lock.
 */
import { MAX_UPLOADS_IN_FLIGHT } from "@poleatlas/shared";

interface UserUploads {
  count: number;
  /** Bytes written to temp files by this user's uploads in flight. */
  bytes: number;
}

export interface UploadSlot {
  /**
   * Counts `n` more received bytes against the user's in-flight total; false (and nothing
   * counted) when that total would pass `limit`, the remaining quota this upload saw.
   */
  take(n: number, limit: number): boolean;
  /** Ends the slot: its bytes and its place are given back. Safe to call twice. */
  release(): void;
}

export class UploadSlots {
  private readonly users = new Map<string, UserUploads>();

  constructor(private readonly maxPerUser = MAX_UPLOADS_IN_FLIGHT) {}

  /** A slot for one more upload of this user, or null when they have maxPerUser in flight. */
  acquire(userId: string): UploadSlot | null {
    const user = this.users.get(userId) ?? { count: 0, bytes: 0 };
    if (user.count >= this.maxPerUser) return null;
    user.count += 1;
    this.users.set(userId, user);
    let mine = 0;
    let released = false;
    return {
      take(n, limit) {
        if (user.bytes + n > limit) return false;
        user.bytes += n;
        mine += n;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        user.bytes -= mine;
        user.count -= 1;
        if (user.count === 0) this.users.delete(userId);
      },
    };
  }

  /** Uploads in flight for this user (tests, logs). */
  inFlight(userId: string): number {
    return this.users.get(userId)?.count ?? 0;
  }
}
