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
  const beside: Promise<unknown>[] = [];
  /** Runs one step, announcing it and then its seconds (on stderr, beside the progress lines). */
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    console.error(`· ${step}`);
    const start = performance.now();
    const result = await run();
    const seconds = (performance.now() - start) / 1000;
    times.push({ step, seconds });
    console.error(`  ${step}: ${seconds.toFixed(1)} s`);
    return result;
  };
  return {
    times,
    timed,
    /**
     * A step started at once when `now` (it then runs beside the steps after it; a failure shows
     * where its result is asked for), else when its result is first asked for: that result.
     */
    ahead: <T>(now: boolean, step: string, run: () => Promise<T>): (() => Promise<T>) => {
      let started: Promise<T> | undefined;
      const result = () => (started ??= timed(step, run));
      if (now) beside.push(result().catch(() => {}));
      return result;
    },
    /** Once every step started ahead has ended: nothing of theirs is left running on a failure. */
    ended: () => Promise.allSettled(beside),
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
