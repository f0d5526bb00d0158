/**
 * How many exports may run, and how often one user may start one. Each running export holds a
 * pooled database connection for as long as its reader reads, so:
 * - a user has EXPORTS_PER_USER running at once (429 too_many_exports);
 * - everyone together has `atOnce`, well under the pool's connections (request-limits.ts: 4 of the
 *   default 10), so the rest of the API always finds one (429 exports_busy, Retry-After);
 * - a user starts at most EXPORTS_PER_HOUR in any hour: every export leaves an audit entry, and
 *   the team's trail must not be flooded with them (429 exports_per_hour, Retry-After).
 * Per process, like the upload slots (README "Export").
 */
import { EXPORTS_PER_HOUR, EXPORTS_PER_USER, exportTexts } from "@poleatlas/shared";
import { AppError } from "../../errors";
import { TurnGate } from "./turn-gate";

/** Exports streaming at once in this process, across all users, unless told otherwise. */
const EXPORTS_AT_ONCE = 4;
/** What a client refused for a busy server is told to wait: about one export's time. */
const BUSY_RETRY_SECONDS = 30;
const HOUR_MS = 3600_000;
/** Beyond this many users with recent exports, the ones whose hour has passed are forgotten. */
const PRUNE_ABOVE_USERS = 1000;

export interface ExportLimitOptions {
  perUser?: number;
  atOnce?: number;
  perHour?: number;
  now?: () => number;
}

export class ExportLimits {
  private readonly running: TurnGate;
  private readonly everyone: TurnGate;
  /** Start times (ms) of each user's exports of the last hour, oldest first. */
  private readonly started = new Map<string, number[]>();
  private readonly perUser: number;
  private readonly perHour: number;
  private readonly now: () => number;

  constructor(opts: ExportLimitOptions = {}) {
    this.perUser = opts.perUser ?? EXPORTS_PER_USER;
    this.running = new TurnGate("exports per user", this.perUser);
    this.everyone = new TurnGate("exports in all", opts.atOnce ?? EXPORTS_AT_ONCE);
    this.perHour = opts.perHour ?? EXPORTS_PER_HOUR;
    this.now = opts.now ?? Date.now;
  }

  /**
   * A place for one more export of this user, counted against the hour: the function returned
   * gives the place back (once). Throws the 429 of the first limit it meets, holding nothing.
   */
  take(userId: string): () => void {
    const now = this.now();
    const recent = this.recent(userId, now);
    const oldest = recent[0];
    if (recent.length >= this.perHour && oldest !== undefined) {
      const seconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000));
      throw new AppError(429, "exports_per_hour", exportTexts.tooManyThisHour(this.perHour), {
        "retry-after": String(seconds),
      });
    }
    const mine = this.running.tryAcquire(userId);
    if (!mine) {
      throw new AppError(429, "too_many_exports", exportTexts.tooMany(this.perUser));
    }
    const all = this.everyone.tryAcquire("*");
    if (!all) {
      mine();
      throw new AppError(429, "exports_busy", exportTexts.busy, {
        "retry-after": String(BUSY_RETRY_SECONDS),
      });
    }
    recent.push(now);
    this.started.set(userId, recent);
    return () => {
      all();
      mine();
    };
  }

  /** Exports running now: this user's, everyone's (tests, logs). */
  runningNow(userId: string) {
    return { mine: this.running.active(userId), all: this.everyone.active("*") };
  }

  private recent(userId: string, now: number): number[] {
    if (this.started.size > PRUNE_ABOVE_USERS) {
      for (const [id, times] of this.started) {
        if (times.every((t) => t <= now - HOUR_MS)) this.started.delete(id);
      }
    }
    return (this.started.get(userId) ?? []).filter((t) => t > now - HOUR_MS);
  }
}
