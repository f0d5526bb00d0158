/**
 * Background work on pg-boss: jobs live in PostgreSQL (schema `pgboss`, made by pg-boss itself),
 * so they survive a crash, and with several server processes each job runs in one of them.
 * pg-boss talks through our own pool instead of opening a second one.
 */
import PgBoss from "pg-boss";
import type { Database } from "../db/database";

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * What stopBoss must wait for before the pool may close. pg-boss's stop() returns once no worker
 * holds jobs, but a fetch already on its way still hands its jobs to the handler afterwards, and
 * the job is marked done without being awaited (Manager.watch calls complete() and moves on).
 */
interface InFlight {
  queries: Set<Promise<unknown>>;
  runs: Set<Promise<unknown>>;
}
const inFlightOf = new WeakMap<PgBoss, InFlight>();

function hold<T>(set: Set<Promise<unknown>>, p: Promise<T>): Promise<T> {
  set.add(p);
  const forget = () => set.delete(p);
  p.then(forget, forget);
  return p;
}

/** Wrap each job handler's run in this, so stopBoss waits for it. */
export function trackRun<T>(boss: PgBoss, run: Promise<T>): Promise<T> {
  const inFlight = inFlightOf.get(boss);
  return inFlight ? hold(inFlight.runs, run) : run;
}

export async function startBoss(database: Database, log: JobLog): Promise<PgBoss> {
  const inFlight: InFlight = { queries: new Set(), runs: new Set() };
  const executeSql = (text: string, values?: unknown[]) =>
    hold(inFlight.queries, database.pool.query(text, values));
  const boss = new PgBoss({
    db: { executeSql },
    // Finished jobs are history nobody reads: keep a week of it.
    deleteAfterDays: 7,
  });
  inFlightOf.set(boss, inFlight);
  boss.on("error", (err) => log.error({ err }, "background jobs: pg-boss error"));
  await boss.start();
  return boss;
}

/**
 * Creates a queue unless it exists. Processes starting together (or our own set-up steps) can
 * deadlock in pg-boss's create_queue, which makes a partition per queue: try again then.
 */
export async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(queue.name)) return;
      await boss.createQueue(queue.name, queue);
      return;
    } catch (err) {
      const deadlock = (err as { code?: string }).code === "40P01";
      if (!deadlock || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/** A recurring job: one run at a time across all processes, on a cron schedule. */
export interface RecurringJob {
  name: string;
  cron: string;
  /** `data` is the job's payload: empty when scheduled, overrides when sent by hand (tests). */
  run(data: Record<string, unknown>): Promise<unknown>;
}

export async function scheduleRecurring(
  boss: PgBoss,
  jobs: RecurringJob[],
  log: JobLog,
  pollingIntervalSeconds: number,
): Promise<void> {
  for (const job of jobs) {
    // stately: at most one waiting and one running, however many processes schedule it.
    await ensureQueue(boss, { name: job.name, policy: "stately", retryLimit: 0, expireInSeconds: 900 });
    await boss.schedule(job.name, job.cron);
    await boss.work<Record<string, unknown>>(job.name, { pollingIntervalSeconds }, async ([j]) =>
      trackRun(
        boss,
        job.run(j?.data ?? {}).catch((err: unknown) => {
          log.error({ err, job: job.name }, `background job ${job.name} failed`);
          throw err;
        }),
      ),
    );
  }
}

/** Stops fetching, lets running jobs finish (bounded), leaves our pool open for its owner. */
export async function stopBoss(boss: PgBoss): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  const inFlight = inFlightOf.get(boss);
  if (!inFlight) return;
  // Each settled query or run may start the next (fetch → handler → complete): until none is left.
  for (let round = 0; round < 100; round++) {
    await new Promise((r) => setImmediate(r));
    const pending = [...inFlight.queries, ...inFlight.runs];
    if (pending.length === 0) return;
    await Promise.allSettled(pending);
  }
}
