/**
 * At most `concurrency` holders per key at once; the rest wait their turn in order. Keyed by user
 * it keeps a user firing 60 list calls at once to one page in memory instead of 60, with other
 * users served between theirs (bench/list-load.ts); with a single key it bounds everyone together.
 *
 * A waiter whose signal aborts (its client went away) leaves the queue at once: it neither takes
 * a turn nobody would use nor delays the ones behind it. Every turn handed out is registered with
 * the LeakWatch, which takes back any held past the request timeout. Per process, like every
 * in-memory limit (README "Photos").
 */
import type { LeakWatch } from "./leak-watch";

interface Waiter {
  grant: () => void;
}

interface KeyState {
  active: number;
  queue: Waiter[];
}

/** Thrown to a waiter whose request ended before its turn came. */
export class TurnAbandoned extends Error {
  constructor() {
    super("the request ended while waiting for its turn");
    this.name = "TurnAbandoned";
  }
}

export class TurnGate {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    /** Names the limit in leak reports. */
    readonly name: string,
    private readonly concurrency: number,
    private readonly watch?: LeakWatch,
  ) {}

  /**
   * Resolves with the function that ends this turn (once; later calls do nothing) when it is the
   * caller's; rejects with TurnAbandoned when `signal` aborts first, and then holds nothing.
   */
  acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new TurnAbandoned());
    const state = this.state(key);
    if (state.active < this.concurrency) {
      state.active += 1;
      return Promise.resolve(this.turn(key, state));
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = state.queue.indexOf(waiter);
        if (at >= 0) state.queue.splice(at, 1);
        this.forgetIfIdle(key, state);
        reject(new TurnAbandoned());
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(this.turn(key, state));
        },
      };
      state.queue.push(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** A turn now, or null when all are taken (for limits that refuse instead of queueing). */
  tryAcquire(key: string): (() => void) | null {
    const state = this.state(key);
    if (state.active >= this.concurrency) {
      this.forgetIfIdle(key, state);
      return null;
    }
    state.active += 1;
    return this.turn(key, state);
  }

  /** Turns held for `key` now (tests, logs). */
  active(key: string): number {
    return this.keys.get(key)?.active ?? 0;
  }

  /** Requests of `key` waiting for a turn (tests, logs). */
  waiting(key: string): number {
    return this.keys.get(key)?.queue.length ?? 0;
  }

  private state(key: string): KeyState {
    let state = this.keys.get(key);
    if (!state) {
      state = { active: 0, queue: [] };
      this.keys.set(key, state);
    }
    return state;
  }

  private forgetIfIdle(key: string, state: KeyState) {
    if (state.active === 0 && state.queue.length === 0 && this.keys.get(key) === state) this.keys.delete(key);
  }

  /** One held turn: ending it passes it to the next waiter (`active` stays) or frees it. */
  private turn(key: string, state: KeyState): () => void {
    const end = () => {
      const next = state.queue.shift();
      if (next) return next.grant();
      state.active -= 1;
      this.forgetIfIdle(key, state);
    };
    if (this.watch) return this.watch.track(this.name, key, end);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end();
    };
  }
}
