/**
 * A .dbf is read only when its header is a dBASE table's: a real one (written by GDAL) passes,
 * garbage and damaged headers do not, whatever their bytes.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { looksLikeDbf } from "../../src/modules/poles/import/dbf-header";
import { shapefileOf } from "./shapefile-support";

let dir = "";
let real: Buffer = Buffer.alloc(0);
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-dbf-"));
  const parts = await shapefileOf([{ tag: "D-1", lon: 14.4, lat: 50.1 }], 4326);
  real = parts.get(".dbf")!;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let n = 0;
const check = async (bytes: Buffer) => {
  const file = path.join(dir, `${++n}.dbf`);
  await writeFile(file, bytes);
  return looksLikeDbf(file);
};

/** A small linear congruential generator: the same "garbage" on every run. */
function garbage(seed: number, length: number) {
  let x = seed;
  return Buffer.from(Array.from({ length }, () => ((x = (x * 1103515245 + 12345) >>> 0) >>> 16) & 0xff));
}

describe("looksLikeDbf", () => {
  it("reads GDAL's .dbf as one", async () => {
    expect(await check(real)).toBe(true);
  });

  it("refuses garbage of any length", async () => {
    for (let seed = 1; seed <= 300; seed++) {
      expect(await check(garbage(seed, 16 + (seed % 8) * 200)), `seed ${seed}`).toBe(false);
    }
  });

  it("refuses a real header cut short, with counts past the file's end, or without its end byte", async () => {
    expect(await check(real.subarray(0, 20))).toBe(false);
    const tooMany = Buffer.from(real);
    tooMany.writeUInt32LE(1000, 4);
    expect(await check(tooMany)).toBe(false);
    const noEnd = Buffer.from(real);
    noEnd.fill(0x41, 32, noEnd.readUInt16LE(8));
    expect(await check(noEnd)).toBe(false);
    const badVersion = Buffer.from(real);
    badVersion[0] = 0x7a;
    expect(await check(badVersion)).toBe(false);
  });
});
