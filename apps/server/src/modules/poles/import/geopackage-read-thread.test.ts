/** The GeoPackage reader's thread ends with the import however the import stops reading. */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import sqlite from "node-sqlite3-wasm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gpkgPoint } from "../../../formats/geopackage-geometry";
import { readGeoPackageOffThread } from "./geopackage-read-thread";

let dir = "";
let started: Worker[] = [];
const onWorker = (worker: Worker) => started.push(worker);
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "gpkg-read-thread-"));
  started = [];
  process.on("worker", onWorker);
});
afterEach(async () => {
  process.off("worker", onWorker);
  await rm(dir, { recursive: true, force: true });
});

/** A GeoPackage of `count` points in WGS 84, the rows made by SQLite itself. */
function pointsFile(count: number): string {
  const file = path.join(dir, "poles.gpkg");
  const db = new sqlite.Database(file);
  try {
    db.exec(`
      CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT, srs_id INTEGER PRIMARY KEY, organization TEXT,
        organization_coordsys_id INTEGER, definition TEXT, description TEXT);
      CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT, identifier TEXT, srs_id INTEGER);
      CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT,
        srs_id INTEGER, z TINYINT, m TINYINT);
      CREATE TABLE poles (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom BLOB, tag TEXT);
      INSERT INTO gpkg_spatial_ref_sys VALUES ('WGS 84', 4326, 'EPSG', 4326, 'GEOGCS["WGS 84"]', NULL);
      INSERT INTO gpkg_contents VALUES ('poles', 'features', 'poles', 4326);
      INSERT INTO gpkg_geometry_columns VALUES ('poles', 'geom', 'POINT', 4326, 0, 0);
    `);
    db.run(`INSERT INTO poles (geom, tag) VALUES (?, 'P-1')`, [gpkgPoint(4326, 16.37, 48.2)]);
    db.exec(`INSERT INTO poles (geom, tag)
      WITH RECURSIVE n(x) AS (SELECT 2 UNION ALL SELECT x + 1 FROM n WHERE x < ${count})
      SELECT (SELECT geom FROM poles WHERE fid = 1), 'P-' || x FROM n`);
  } finally {
    db.close();
  }
  return file;
}

const LIMITS = { maxRows: 1_000_000, maxMs: 60_000 };

describe("the GeoPackage reader's thread", () => {
  it("reads every row, one batch ahead, and ends", async () => {
    const file = pointsFile(2500);
    const tags: unknown[] = [];
    for await (const row of readGeoPackageOffThread(file, undefined, LIMITS))
      tags.push("fields" in row ? row.fields.tag : row.reason);
    expect(tags).toHaveLength(2500);
    expect(tags.at(-1)).toBe("P-2500");
    expect(started).toHaveLength(1);
    expect(started[0]!.threadId).toBe(-1);
  });

  it("ends the thread and lets go of the file when the import stops reading halfway", async () => {
    const file = pointsFile(5000);
    let read = 0;
    for await (const _ of readGeoPackageOffThread(file, undefined, LIMITS)) {
      // Mid-read, SQLite holds its lock on the file (a folder beside it).
      if (++read === 1) expect(await readdir(dir)).toContain("poles.gpkg.lock");
      if (read === 10) break;
    }
    expect(started).toHaveLength(1);
    expect(started[0]!.threadId).toBe(-1);
    expect(await readdir(dir)).toEqual(["poles.gpkg"]);
  });

  it("starts no thread for a request already gone", async () => {
    const gone = new AbortController();
    gone.abort();
    const rows = readGeoPackageOffThread(pointsFile(3), undefined, LIMITS, gone.signal);
    await expect(rows.next()).rejects.toMatchObject({ statusCode: 499 });
    expect(started).toEqual([]);
  });
});
