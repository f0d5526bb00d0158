/** 5. Start-up: spawn to first 200 on /api/health, on a fresh data folder and again on the same one. */
import { rm } from "node:fs/promises";
import { makeDataDir, startServer } from "./lib/server";

export interface StartupResult {
  firstRunMs: number;
  secondRunMs: number;
}

export async function benchStartup(): Promise<StartupResult> {
  const dataDir = await makeDataDir();
  try {
    const first = await startServer({ dataDir });
    await first.stop();
    // A start retried on another port ran on a folder its first try had set up: not a fresh start.
    if (first.attempts > 1) throw new Error("the port was taken during the fresh start: run the bench again");
    const second = await startServer({ dataDir });
    await second.stop();
    return { firstRunMs: first.startMs, secondRunMs: second.startMs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
