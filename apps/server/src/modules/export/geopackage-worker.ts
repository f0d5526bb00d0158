/**
 * A GeoPackage written on a thread of its own (see geopackage-thread.ts): SQLite runs as WASM on
 * the thread that calls it, and a statement of a table with thousands of columns held the
 * event loop for hundreds of milliseconds. Each message is one step (rows to add, the end); the
 * answer says it is done, or why it failed.
 */
import { parentPort, workerData } from "node:worker_threads";
import { coordinateSystem } from "../../formats/coordinate-systems";
import type { TableField, Value } from "./export-tables";
import { GeopackageWriter } from "./geopackage-writer";

export interface GeopackageJob {
  file: string;
  table: string;
  fields: TableField[];
  epsg: number;
}

export type GeopackageStep =
  | { kind: "add"; rows: { xy: [number, number] | null; values: Value[] }[] }
  | { kind: "finish"; note: string | null }
  | { kind: "abort" };

/** The answer to opening (with the rows one statement takes) and to each step. */
export type GeopackageAnswer = { ok: true; rowsPerStatement: number } | { ok: false; error: string };

const job = workerData as GeopackageJob;
const port = parentPort!;
const writer = new GeopackageWriter(job.file, job.table, job.fields, coordinateSystem(job.epsg)!);

function answer(step: () => void) {
  try {
    step();
    port.postMessage({ ok: true, rowsPerStatement: writer.rowsPerStatement } satisfies GeopackageAnswer);
  } catch (err) {
    writer.abort();
    port.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
}

answer(() => writer.open());
port.on("message", (step: GeopackageStep) => {
  if (step.kind === "add") answer(() => writer.add(step.rows));
  else if (step.kind === "finish") answer(() => writer.finish(step.note));
  else {
    writer.abort();
    port.close();
  }
});
