/**
 * Turns for the event loop while an export works through its rows. A batch of wide rows (a pole
 * with thousands of attribute columns) takes seconds of JavaScript; without a turn between rows
 * every other request (`/api/health` too) waits for it.
 */
import { setImmediate as nextTurn } from "node:timers/promises";

/** Work done in one go before the event loop gets a turn: short enough for health checks. */
export const SLICE_MS = 10;

export class TimeSlice {
  private started = performance.now();

  constructor(private readonly ms = SLICE_MS) {}

  /** The slice is used up: time to give the event loop a turn. */
  due(): boolean {
    return performance.now() - this.started >= this.ms;
  }

  /** Gives the event loop a turn (I/O, timers, other requests), then starts a new slice. */
  async pause(): Promise<void> {
    await nextTurn();
    this.started = performance.now();
  }
}
