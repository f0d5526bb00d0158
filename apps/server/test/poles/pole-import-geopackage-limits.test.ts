/**
 * A GeoPackage is read on a thread of its own, within POLE_IMPORT_GPKG_MAX_ROWS (50,000 here):
 * past it the import is a 413 before a row is read, in the dry run as in the import. The thread
 * ends with its request: a client that goes away mid-read ends it, and a thread that dies fails
 * the import; however the read ends, the upload temp folder is left empty and no descriptor of
 * the process still points into it.
 */
import { readdir, readlink } from "node:fs/promises";
import type { Worker } from "node:worker_threads";
import { geopackageImportTexts } from "@poleatlas/shared";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { tmpDir } from "../helpers/uploads";
import { handmadeGeopackage, importGeopackage, manyRows } from "./geopackage-support";
import { imported, importFile, polesOf } from "./import-support";
import { sendImport, tempLeftovers, useListeningPort } from "./import-watch";

const MAX_ROWS = 50_000;
const t = useTestApp({ POLE_IMPORT_GPKG_MAX_ROWS: String(MAX_ROWS) });
const owner = useSignedInUser(t);
/** The imports cut short write to a workspace of their own. */
const other = useSignedInUser(t);

const leftovers = () => tempLeftovers(t);

/** This process's open descriptors of anything in the upload temp folder. */
async function descriptorsInTemp(): Promise<string[]> {
  const targets = await Promise.all(
    (await readdir("/proc/self/fd")).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")),
  );
  return targets.filter((target) => target.startsWith(`${tmpDir(t)}/`));
}

/** The read is under way: SQLite holds its lock on the temp file (a `<file>.lock` folder). */
const reading = async () => (await leftovers()).some((name) => name.endsWith(".lock"));

/** Waits until `check` holds, for at most `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

/** Worker threads started while a test runs (the 'worker' event of the process). */
let started: Worker[] = [];
const onWorker = (worker: Worker) => started.push(worker);
beforeEach(() => {
  started = [];
  process.on("worker", onWorker);
});
afterEach(() => {
  process.off("worker", onWorker);
});

const exitOf = (worker: Worker) => new Promise<number>((resolve) => worker.once("exit", resolve));

let overLimit: Buffer;
let atLimit: Buffer;
beforeAll(async () => {
  overLimit = await handmadeGeopackage(manyRows(MAX_ROWS + 1));
  atLimit = await handmadeGeopackage(manyRows(MAX_ROWS));
}, 60_000);

describe("the GeoPackage row limit", () => {
  it.each([true, false])("refuses a layer of one row too many with 413 (dry run: %s)", async (dryRun) => {
    const res = await importFile(t, owner, overLimit, "poles.gpkg", dryRun);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      code: "import_too_many_rows",
      message: geopackageImportTexts.tooManyRows("poles", MAX_ROWS),
    });
    expect(res.json<{ message: string }>().message).toMatch(/more than 50,000 rows/);
    expect(await polesOf(t, owner.id)).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it("reads a layer of as many rows as the limit, on a thread that ends with the read", async () => {
    const result = await imported(t, owner, atLimit, "poles.gpkg", true);
    expect(result).toMatchObject({ created: MAX_ROWS, rejected_count: 0 });
    expect(started).toHaveLength(1);
    await eventually(() => started[0]!.threadId === -1);
    expect(started[0]!.threadId).toBe(-1); // ended
    expect(await leftovers()).toEqual([]);
    expect(await descriptorsInTemp()).toEqual([]);
  });
});

describe("a GeoPackage read that ends early", () => {
  const port = useListeningPort(t);

  it("ends the reading thread when the client goes away mid-read, leaving nothing behind", async () => {
    const { req, answered } = sendImport(port(), other, atLimit, {
      filename: "poles.gpkg",
      contentType: "application/geopackage+sqlite3",
    });
    await eventually(reading, 30_000);
    expect(await reading()).toBe(true);
    expect(started).toHaveLength(1);
    const exited = exitOf(started[0]!);
    req.destroy();
    // Ended from outside (a thread that finishes its read ends with 0).
    expect(await exited).toBe(1);
    expect(answered()).toBe(false);
    await eventually(async () => (await leftovers()).length === 0);
    expect(await leftovers()).toEqual([]);
    expect(await descriptorsInTemp()).toEqual([]);
  });

  it("fails the import with a 500 when the reading thread dies, leaving nothing behind", async () => {
    const importing = importFile(t, other, atLimit, "poles.gpkg");
    await eventually(reading, 30_000);
    expect(started).toHaveLength(1);
    // As an out-of-memory kill would end it: from outside, mid-read.
    await started[0]!.terminate();
    const res = await importing;
    expect(res.statusCode, res.body).toBe(500);
    expect(await leftovers()).toEqual([]);
    expect(await descriptorsInTemp()).toEqual([]);
  });

  it("still imports a small GeoPackage", async () => {
    const res = await importGeopackage(t, owner, await handmadeGeopackage(manyRows(3)));
    expect(res.statusCode, res.body).toBe(200);
    expect((await polesOf(t, owner.id)).map((p) => p.tag).sort()).toEqual(["R-1", "R-2", "R-3"]);
  });
});
