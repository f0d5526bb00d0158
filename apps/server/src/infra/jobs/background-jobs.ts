/** The server's recurring jobs: what they are, and how often they run. */
import type { Config } from "../../config";
import { RESUMABLE_KEEP_MS } from "@poleatlas/shared";
import { sweepAbandonedUploads } from "../uploads/abandoned-uploads";
import { sweepStaleUploads } from "../uploads/stale-uploads";
import type { Db } from "../db/database";
import type { Storage } from "../storage/storage";
import type { JobLog, RecurringJob } from "./job-runner";
import { pruneEvents } from "./event-prune";
import { sweepOrphans } from "./orphan-sweep";

export const ORPHAN_SWEEP = "orphan-sweep";
export const TEMP_SWEEP = "temp-sweep";
export const EVENT_PRUNE = "event-prune";

/** Live-update events kept for a client coming back (Last-Event-ID); older ones read everything. */
export const EVENT_KEEP_MS = 24 * 3600 * 1000;

/** A number from a hand-sent job's payload (tests), else the configured value. */
const numberOr = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);

export function recurringJobs(deps: {
  config: Config;
  db: Db;
  storage: Storage;
  log: JobLog;
}): RecurringJob[] {
  const { config, log } = deps;
  return [
    {
      name: ORPHAN_SWEEP,
      cron: config.jobs.orphanSweepCron,
      run: async (data) => ({
        removed: (
          await sweepOrphans({
            db: deps.db,
            storage: deps.storage,
            log,
            graceMs: numberOr(data.graceMs, config.jobs.orphanGraceMs),
          })
        ).length,
      }),
    },
    {
      // Every minute: a dead upload's temp file goes soon after its request could still be running.
      name: TEMP_SWEEP,
      cron: "* * * * *",
      run: async (data) => {
        const removed = await sweepStaleUploads(config.uploadTmpDir, {
          maxAgeMs: numberOr(data.maxAgeMs, config.jobs.tempFileMaxAgeMs),
        });
        if (removed > 0) log.info({ removed }, "removed temp files of interrupted uploads");
        // Resumable uploads wait far longer: a closed tab or a day in the field resumes them.
        const abandoned = await sweepAbandonedUploads({
          db: deps.db,
          tmpDir: config.uploadTmpDir,
          keepMs: numberOr(data.resumableKeepMs, RESUMABLE_KEEP_MS),
          s3: config.storage.kind === "s3" ? config.storage : undefined,
        });
        if (abandoned.length > 0)
          log.info({ removed: abandoned.length }, "removed abandoned resumable uploads");
        return { removed, abandoned: abandoned.length };
      },
    },
    {
      // Hourly: the live-update events a reconnecting screen may still ask for, and no more.
      name: EVENT_PRUNE,
      cron: "23 * * * *",
      run: async (data) => ({ removed: await pruneEvents(deps.db, numberOr(data.maxAgeMs, EVENT_KEEP_MS)) }),
    },
  ];
}
