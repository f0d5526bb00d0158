/** A process's resident memory (Linux, /proc), read once or sampled while some work runs. */
import { readFile } from "node:fs/promises";

/** Resident memory of a process in MB, from /proc/<pid>/status. */
export async function rssMB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

export interface RssDuring<T> {
  result: T;
  seconds: number;
  rssBeforeMB: number;
  rssPeakMB: number;
  rssGrowthMB: number;
}

/** Runs `work`, sampling `pid`'s memory every `everyMs` until it ends: its peak and growth. */
export async function whileSamplingRss<T>(
  pid: number,
  everyMs: number,
  work: () => Promise<T>,
): Promise<RssDuring<T>> {
  const rssBeforeMB = await rssMB(pid);
  let peak = rssBeforeMB;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMB(pid));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  const t0 = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: (performance.now() - t0) / 1000,
      rssBeforeMB,
      rssPeakMB: peak,
      rssGrowthMB: peak - rssBeforeMB,
    };
  } finally {
    running = false;
    await sampler;
  }
}
