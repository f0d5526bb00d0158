/**
 * The GeoPackage writer on its own thread, one step at a time: each step waits for the thread's
 * answer before the next is sent, so rows never pile up in its queue. The request thread only
 * hands rows over; SQLite's work (its first run compiles the WASM engine's code, and a table of
 * 2,000 columns makes each statement heavy) stays off the event loop.
 */
import type { Worker } from "node:worker_threads";
import { startWorker } from "../../infra/workers/start-worker";
import type { Value } from "./export-tables";
import type { GeopackageAnswer, GeopackageJob, GeopackageStep } from "./geopackage-worker";

export class GeopackageThread {
  private worker: Worker | null = null;
  private pending: { resolve: (a: GeopackageAnswer) => void; reject: (e: Error) => void } | null = null;
  /** The step the thread is on; settled when it answers. */
  private busy: Promise<unknown> | null = null;
  /** Settled when the thread has ended, however it ended (a crash included). */
  private exited: Promise<void> = Promise.resolve();
  private ended = false;
  /** Rows one INSERT statement takes in the thread: steps of a multiple of it need no statement of their own. */
  rowsPerStatement = 1;

  constructor(private readonly job: GeopackageJob) {}

  async open(): Promise<void> {
    const worker = startWorker(import.meta.url, "geopackage-worker", this.job);
    this.worker = worker;
    this.exited = new Promise((resolve) => worker.once("exit", () => resolve()));
    worker.on("message", (a: GeopackageAnswer) => this.settle((p) => p.resolve(a)));
    worker.on("error", (err) => this.settle((p) => p.reject(err)));
    worker.on("exit", (code) => {
      this.ended = true;
      this.settle((p) => p.reject(new Error(`the GeoPackage thread stopped (${code})`)));
    });
    const first = await this.answer();
    this.rowsPerStatement = first.rowsPerStatement;
  }

  async add(rows: { xy: [number, number] | null; values: Value[] }[]): Promise<void> {
    await this.step({ kind: "add", rows });
  }

  async finish(note: string | null): Promise<void> {
    await this.step({ kind: "finish", note });
  }

  /**
   * Ends the thread once its step in hand is done, its file closed (a thread stopped mid-step
   * would leave the file's descriptor open: they belong to the process); the caller removes it.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    if (this.busy) await this.busy.catch(() => {});
    // A thread that already ended (it crashed) answers no abort; its exit has been seen.
    if (!this.ended) worker.postMessage({ kind: "abort" } satisfies GeopackageStep);
    await this.exited;
  }

  private settle(fn: (p: NonNullable<GeopackageThread["pending"]>) => void) {
    const p = this.pending;
    this.pending = null;
    if (p) fn(p);
  }

  private answer(): Promise<{ ok: true; rowsPerStatement: number }> {
    return new Promise<GeopackageAnswer>((resolve, reject) => {
      this.pending = { resolve, reject };
    }).then((a) => {
      if (!a.ok) throw new Error(`GeoPackage: ${a.error}`);
      return a;
    });
  }

  private step(step: GeopackageStep): Promise<unknown> {
    if (!this.worker || this.ended) return Promise.reject(new Error("the GeoPackage thread is closed"));
    const answered = this.answer();
    this.busy = answered;
    this.worker.postMessage(step);
    return answered;
  }
}
