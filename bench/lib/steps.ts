/**
 * How run.ts runs its steps: each one timed (its seconds said as it ends and listed at the close:
 * the smoke's figures mean nothing, but its time against the tier's budget does), and, in the
 * smoke, several at once.
 */
export interface StepTime {
  step: string;
  seconds: number;
}

/** `atOnce`: how many steps started ahead may run together; the rest wait for a free place. */
export function stepRunner(atOnce: number) {
  const times: StepTime[] = [];
  const t0 = performance.now();
  const beside: Promise<unknown>[] = [];
  const waiting: ((go: boolean) => void)[] = [];
  let running = 0;
  let abandoned = false;

  /** A place among the steps running ahead; false once the run has failed (the step never starts). */
  const place = (): Promise<boolean> => {
    if (abandoned) return Promise.resolve(false);
    if (running >= atOnce) return new Promise((go) => waiting.push(go));
    running += 1;
    return Promise.resolve(true);
  };
  /** Hands the place straight to the next step waiting, so none can take it in between. */
  const leave = () => {
    const next = waiting.shift();
    if (next) next(true);
    else running -= 1;
  };

  /** Runs one step, announcing it and then its seconds (on stderr, beside the progress lines). */
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    console.error(`· ${step}`);
    const time = { step, seconds: NaN };
    times.push(time);
    const start = performance.now();
    const result = await run();
    time.seconds = (performance.now() - start) / 1000;
    console.error(`  ${step}: ${time.seconds.toFixed(1)} s`);
    return result;
  };

  return {
    times,
    timed,
    /**
     * A step started now when `now` (it runs beside the others, `atOnce` at most; a failure shows
     * where its result is asked for), else when its result is first asked for: that result.
     */
    ahead: <T>(now: boolean, step: string, run: () => Promise<T>): (() => Promise<T>) => {
      let started: Promise<T> | undefined;
      const result = () => (started ??= timed(step, run));
      if (!now) return result;
      const queued = (async () => {
        if (!(await place())) throw new Error(`${step}: not started, an earlier step failed`);
        try {
          return await result();
        } finally {
          leave();
        }
      })();
      beside.push(queued.catch(() => {}));
      return () => queued;
    },
    /** Once every step started ahead has ended, and none waiting will start: nothing is left running. */
    ended: async () => {
      abandoned = true;
      for (const go of waiting.splice(0)) go(false);
      await Promise.allSettled(beside);
    },
    /** The steps' seconds in the order they started, one line each, and the whole run's. */
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
