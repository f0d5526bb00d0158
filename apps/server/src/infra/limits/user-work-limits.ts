/**
 * How many pieces of one kind of heavy work (an export, a report) may run, and how often one user
 * may start one:
 * - a user has `perUser` running at once (429 `codes.tooMany`);
 * - everyone together has `atOnce`, so what they hold (pooled connections, pages of a PDF) stays
 *   bounded whatever the number of users (429 `codes.busy`, Retry-After);
 * - a user starts at most `perHour` in any hour (429 `codes.perHour`, Retry-After).
 * Per process, like the upload slots (docs/operations.md "Per-process limits").
 */
import { AppError } from "../../errors";
import { TurnGate } from "./turn-gate";

/** What a client refused for a busy server is told to wait: about one piece of work's time. */
const BUSY_RETRY_SECONDS = 30;
const HOUR_MS = 3600_000;
/** Beyond this many users with recent work, the ones whose hour has passed are forgotten. */
const PRUNE_ABOVE_USERS = 1000;

/** The refusals of one kind of work: their codes and what the user reads. */
export interface WorkRefusals {
  codes: { tooMany: string; busy: string; perHour: string };
  tooMany: (perUser: number) => string;
  busy: string;
  tooManyThisHour: (perHour: number) => string;
}

export interface UserWorkLimitOptions {
  perUser: number;
  atOnce: number;
  perHour: number;
  now?: () => number;
}

export class UserWorkLimits {
  private readonly running: TurnGate;
  private readonly everyone: TurnGate;
  /** Start times (ms) of each user's work of the last hour, oldest first. */
  private readonly started = new Map<string, number[]>();
  private readonly perUser: number;
  private readonly perHour: number;
  private readonly now: () => number;

  constructor(
    name: string,
    private readonly refusals: WorkRefusals,
    opts: UserWorkLimitOptions,
  ) {
    this.perUser = opts.perUser;
    this.running = new TurnGate(`${name} per user`, this.perUser);
    this.everyone = new TurnGate(`${name} in all`, opts.atOnce);
    this.perHour = opts.perHour;
    this.now = opts.now ?? Date.now;
  }

  /**
   * A place for one more piece of this user's work, counted against the hour: the function
   * returned gives the place back (once). Throws the 429 of the first limit it meets, holding
   * nothing.
   */
  take(userId: string): () => void {
    const { codes } = this.refusals;
    const now = this.now();
    const recent = this.recent(userId, now);
    const oldest = recent[0];
    if (recent.length >= this.perHour && oldest !== undefined) {
      const seconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000));
      throw new AppError(429, codes.perHour, this.refusals.tooManyThisHour(this.perHour), {
        "retry-after": String(seconds),
      });
    }
    const mine = this.running.tryAcquire(userId);
    if (!mine) throw new AppError(429, codes.tooMany, this.refusals.tooMany(this.perUser));
    const all = this.everyone.tryAcquire("*");
    if (!all) {
      mine();
      throw new AppError(429, codes.busy, this.refusals.busy, {
        "retry-after": String(BUSY_RETRY_SECONDS),
      });
    }
    recent.push(now);
    this.started.set(userId, recent);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      all();
      mine();
    };
  }

  /** Work running now: this user's, everyone's (tests, logs). */
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
