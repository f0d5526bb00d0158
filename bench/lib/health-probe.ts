/**
 * `/api/health` asked every 50 ms while long work runs: the slowest answer is the figure the
 * security review sets (within 1 s while any import, export or report runs).
 */
import { percentile } from "./client";

export interface HealthFigures {
  healthAnswers: number;
  healthP50Ms: number;
  healthMaxMs: number;
}

/** Starts asking; `stop()` ends it and gives the figures of the answers so far. */
export function probeHealth(baseUrl: string): { stop: () => Promise<HealthFigures> } {
  let probing = true;
  const times: number[] = [];
  const polling = (async () => {
    while (probing) {
      const t0 = performance.now();
      await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
      times.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      probing = false;
      await polling;
      times.sort((a, b) => a - b);
      return {
        healthAnswers: times.length,
        healthP50Ms: percentile(times, 50),
        healthMaxMs: times[times.length - 1] ?? NaN,
      };
    },
  };
}
