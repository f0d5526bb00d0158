/**
 * The browser's PerformanceObserver for tests that watch downloads: `deliver` hands every
 * observer still watching the entries of downloads that end now; `watching` says how many are.
 */
import { vi } from "vitest";

type Callback = (list: { getEntries(): unknown[] }) => void;

export function stubPerformanceObserver(): {
  deliver: (...entries: unknown[]) => void;
  watching: () => number;
} {
  let observers: Callback[] = [];
  vi.stubGlobal(
    "PerformanceObserver",
    class {
      readonly cb: Callback;
      constructor(cb: Callback) {
        this.cb = cb;
      }
      observe() {
        observers.push(this.cb);
      }
      disconnect() {
        observers = observers.filter((cb) => cb !== this.cb);
      }
    },
  );
  return {
    deliver: (...entries) => {
      for (const cb of observers) cb({ getEntries: () => entries });
    },
    watching: () => observers.length,
  };
}
