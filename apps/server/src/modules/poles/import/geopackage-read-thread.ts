/**
 * A GeoPackage register read off the event loop: geopackage-read-worker.ts reads it on its own
 * thread, a batch of rows per request, one batch ahead of the import. The thread is ended (and
 * the file let go) when the reading took longer than its time limit (a 422), when the request
 * ends (the client gone), or when the import stops early; the time counted is the time the thread
 * spent answering, so an import slowed by its database writes is not cut short.
 *
 * A thread ended in the middle of a read leaves the `<file>.lock` folder the SQLite binding locks
 * the file with (its descriptors Node closes with the thread): it is removed once the thread is
 * gone, before the temp file is.
 */
import { rm } from "node:fs/promises";
import type { Worker } from "node:worker_threads";
import { geopackageImportTexts as texts } from "@poleatlas/shared";
import { AppError } from "../../../errors";
import { clientGone } from "../../../infra/limits/request-end";
import { startWorker } from "../../../infra/workers/start-worker";
import type { GeopackageReadAnswer, GeopackageReadJob } from "./geopackage-read-worker";
import type { SourceRow } from "./source-row";

export interface GeopackageReadLimits {
  /** The most rows the layer may have (a 413 past it). */
  maxRows: number;
  /** The most time the thread may spend reading (a 422 past it). */
  maxMs: number;
}

type Batch = { rows: SourceRow[]; done: boolean };

const tooSlow = (maxMs: number) =>
  new AppError(422, "import_too_slow", texts.tooSlow(Math.round(maxMs / 100) / 10));

class GeopackageRead {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private pending: { resolve: (b: GeopackageReadAnswer) => void; reject: (e: Error) => void } | null = null;
  /** Set once the thread answers nothing more: why it stopped. */
  private failure: Error | null = null;
  private ended = false;
  private usedMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly ready: Promise<GeopackageReadAnswer>;
  private ahead: Promise<Batch> | null = null;

  constructor(
    private readonly file: string,
    layer: string | undefined,
    private readonly limits: GeopackageReadLimits,
    private readonly signal: AbortSignal | undefined,
  ) {
    const job: GeopackageReadJob = { file, layer, maxRows: limits.maxRows };
    this.worker = startWorker(import.meta.url, "geopackage-read-worker", job);
    this.exited = new Promise((resolve) => this.worker.once("exit", () => resolve()));
    this.worker.on("message", (a: GeopackageReadAnswer) => this.settle((p) => p.resolve(a)));
    this.worker.on("error", (err) => this.stop(err));
    this.worker.on("exit", (code) => {
      this.ended = true;
      this.stop(new Error(`the GeoPackage reader stopped (${code})`));
    });
    this.ready = this.answer();
    this.ready.catch(() => {}); // awaited by the first next()
    signal?.addEventListener("abort", this.onAbort);
  }

  private readonly onAbort = () => this.stop(clientGone(), true);

  /** The next batch of rows; null after the last. */
  async next(): Promise<SourceRow[] | null> {
    if (this.ahead === null) {
      await this.ready;
      this.ahead = this.ask();
    }
    const batch = await this.ahead;
    this.ahead = batch.done ? Promise.resolve({ rows: [], done: true }) : this.ask();
    // Settled when awaited; until then a failure must not count as unhandled.
    this.ahead.catch(() => {});
    return batch.rows.length === 0 && batch.done ? null : batch.rows;
  }

  /** Ends the thread, however far it got, and lets go of what it held of the file. */
  async end(): Promise<void> {
    this.signal?.removeEventListener("abort", this.onAbort);
    clearTimeout(this.timer);
    if (!this.ended) await this.worker.terminate();
    await this.exited;
    await rm(`${this.file}.lock`, { recursive: true, force: true });
  }

  private ask(): Promise<Batch> {
    if (this.failure) return Promise.reject(this.failure);
    const asked = performance.now();
    const answered = this.answer();
    this.timer = setTimeout(
      () => this.stop(tooSlow(this.limits.maxMs), true),
      Math.max(0, this.limits.maxMs - this.usedMs),
    );
    this.worker.postMessage("next");
    return answered.then((a) => {
      clearTimeout(this.timer);
      this.usedMs += performance.now() - asked;
      if (this.usedMs > this.limits.maxMs) throw this.stop(tooSlow(this.limits.maxMs), true);
      if (a.kind === "rows") return a;
      if (a.kind === "refused") throw new AppError(a.status, a.code, a.message);
      throw new Error(`GeoPackage: ${a.kind === "failed" ? a.message : "answered out of turn"}`);
    });
  }

  private answer(): Promise<GeopackageReadAnswer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
    });
  }

  /** The thread answers nothing more: the step in hand fails with `why` (the first reason wins). */
  private stop(why: Error, terminate = false): Error {
    this.failure ??= why;
    if (terminate && !this.ended) void this.worker.terminate();
    this.settle((p) => p.reject(this.failure!));
    return this.failure;
  }

  private settle(fn: (p: NonNullable<GeopackageRead["pending"]>) => void) {
    const p = this.pending;
    this.pending = null;
    if (p) fn(p);
  }
}

/**
 * The GeoPackage's rows as readGeoPackage reads them, read on a thread of its own under `limits`;
 * `signal` ends the read when the request ends.
 */
export async function* readGeoPackageOffThread(
  file: string,
  layer: string | undefined,
  limits: GeopackageReadLimits,
  signal?: AbortSignal,
): AsyncGenerator<SourceRow> {
  if (signal?.aborted) throw clientGone();
  const read = new GeopackageRead(file, layer, limits, signal);
  try {
    for (let rows = await read.next(); rows !== null; rows = await read.next()) yield* rows;
  } finally {
    await read.end();
  }
}
