import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { readPhotoOptics } from "./photo-optics";

const run = promisify(execFile);

describe("a stored photo's optics", () => {
  it("are its size as displayed (turned by its orientation) and exiftool's focal lengths", async () => {
    const { bytes } = await makePhoto({ width: 64, height: 48, orientation: 6 });
    const dir = await mkdtemp(path.join(tmpdir(), "optics-"));
    try {
      const file = path.join(dir, "photo.jpg");
      await writeFile(file, bytes);
      await run("exiftool", [
        "-q",
        "-overwrite_original",
        "-FocalLengthIn35mmFormat=28",
        "-FocalLength=4.25",
        file,
      ]);
      const optics = await readPhotoOptics(Readable.from([await readFile(file)]));
      expect(optics).toEqual({ width: 48, height: 64, focalLength35mm: 28, focalLengthMm: 4.25 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("has no focal lengths where the EXIF has none", async () => {
    const { bytes } = await makePhoto({ width: 40, height: 30 });
    expect(await readPhotoOptics(Readable.from([bytes]))).toEqual({
      width: 40,
      height: 30,
      focalLength35mm: null,
      focalLengthMm: null,
    });
  });
});
