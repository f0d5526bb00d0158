/**
 * A GeoPackage register read on a thread of its own (see geopackage-read-thread.ts): SQLite runs
 * as WASM on the thread that calls it, synchronously, so a file that makes its reading slow would
 * otherwise hold every request. Each message asks for the next batch of rows; the answer is the
 * batch, the end, or why the file is refused.
 */
import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../../../errors";
import { readGeoPackage } from "./read-geopackage";
import type { SourceRow } from "./source-row";

export interface GeopackageReadJob {
  file: string;
  layer: string | undefined;
  maxRows: number;
}

export type GeopackageReadAnswer =
  | { kind: "ready" }
  | { kind: "rows"; rows: SourceRow[]; done: boolean }
  | { kind: "refused"; status: number; code: string; message: string }
  | { kind: "failed"; message: string };

/** Rows in one answer: a few milliseconds of reading. */
const BATCH_ROWS = 1000;

const job = workerData as GeopackageReadJob;
const port = parentPort!;
// Opened on the first request: everything the file makes SQLite do happens while a batch is asked.
const rows = readGeoPackage(job.file, job.layer, job.maxRows);

function nextBatch(): GeopackageReadAnswer {
  const batch: SourceRow[] = [];
  try {
    while (batch.length < BATCH_ROWS) {
      const next = rows.next();
      if (next.done) return { kind: "rows", rows: batch, done: true };
      batch.push(next.value);
    }
    return { kind: "rows", rows: batch, done: false };
  } catch (err) {
    if (err instanceof AppError) {
      return { kind: "refused", status: err.statusCode, code: err.code, message: err.message };
    }
    return { kind: "failed", message: err instanceof Error ? err.message : String(err) };
  }
}

port.on("message", () => {
  const answer = nextBatch();
  port.postMessage(answer);
  // The last answer sent: the file is closed (the reader's finally ran), the thread ends.
  if (answer.kind !== "rows" || answer.done) port.close();
});
port.postMessage({ kind: "ready" } satisfies GeopackageReadAnswer);
