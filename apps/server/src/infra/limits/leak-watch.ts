/**
 * The guard behind every limit held for the length of a request or a stream (list turns, upload
 * slots, export places): each hold is registered here, and one held longer than a request may
 * take (REQUEST_TIMEOUT_SECONDS) is logged as a leak and released. A path that forgets to hand a
 * turn back then costs its user a few minutes instead of every later call until a restart.
 */
export interface LeakLog {
  error(obj: object, msg: string): void;
}

interface Hold {
  limit: string;
  key: string;
  since: number;
  release: () => void;
}

export class LeakWatch {
  private readonly holds = new Set<Hold>();
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly opts: { maxHoldMs: number; log: LeakLog; now?: () => number }) {
    this.now = opts.now ?? Date.now;
  }

  /**
   * Registers a hold of `limit` for `key`; the function returned ends it (calls `release`) once,
   * whether the holder or the guard gets there first.
   */
  track(limit: string, key: string, release: () => void): () => void {
    const hold: Hold = { limit, key, since: this.now(), release };
    this.holds.add(hold);
    return () => {
      if (this.holds.delete(hold)) release();
    };
  }

  /** Releases every hold older than maxHoldMs; how many it released. */
  sweep(): number {
    const now = this.now();
    let leaked = 0;
    for (const hold of [...this.holds]) {
      const heldMs = now - hold.since;
      if (heldMs <= this.opts.maxHoldMs) continue;
      this.holds.delete(hold);
      leaked++;
      this.opts.log.error(
        { limit: hold.limit, key: hold.key, heldSeconds: Math.round(heldMs / 1000) },
        "a limit was held longer than the request timeout: released as a leak",
      );
      try {
        hold.release();
      } catch (err) {
        this.opts.log.error({ err, limit: hold.limit }, "releasing a leaked limit failed");
      }
    }
    return leaked;
  }

  /** Holds of `limit` now (all limits without one). */
  count(limit?: string): number {
    let n = 0;
    for (const hold of this.holds) if (limit === undefined || hold.limit === limit) n++;
    return n;
  }

  /** Sweeps a few times per maxHoldMs (at least every minute) until stop(). */
  start(): void {
    if (this.timer) return;
    const every = Math.max(50, Math.min(60_000, this.opts.maxHoldMs / 4));
    this.timer = setInterval(() => this.sweep(), every);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
