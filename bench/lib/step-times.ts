/**
 * Each bench step's wall time, said as it ends and listed at the close: the smoke's figures mean
 * nothing, but its time against the tier's budget does, and this shows which step spends it.
 */
export interface StepTime {
  step: string;
  seconds: number;
}

export function stepTimer() {
  const times: StepTime[] = [];
  const t0 = performance.now();
  return {
    times,
    /** Runs one step, announcing it and then its seconds (on stderr, beside the progress lines). */
    timed: async <T>(step: string, run: () => Promise<T>): Promise<T> => {
      console.error(`· ${step}`);
      const start = performance.now();
      const result = await run();
      const seconds = (performance.now() - start) / 1000;
      times.push({ step, seconds });
      console.error(`  ${step}: ${seconds.toFixed(1)} s`);
      return result;
    },
    /** The steps' seconds, one line each, and the whole run's. */
    lines: (): string[] => {
      const width = Math.max(0, ...times.map((t) => t.step.length));
      const total = (performance.now() - t0) / 1000;
      return [
        ...times.map((t) => `${t.step.padEnd(width)}  ${t.seconds.toFixed(1)} s`),
        `${"all, set-up and tear-down included".padEnd(width)}  ${total.toFixed(1)} s`,
      ];
    },
  };
}
