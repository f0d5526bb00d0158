import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makePhoto } from "@poleatlas/shared/testing";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaceDetector } from "../../src/infra/faces/face-detector";
import { createFaceScanner } from "../../src/infra/faces/face-scan";
import { createImageProcessor, ImageDecodeError } from "../../src/infra/images/image-processor";
import { noisyJpeg } from "../helpers/photos";

const images = createImageProcessor();
let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-images-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(bytes: Uint8Array): Promise<string> {
  const p = path.join(dir, `f${(n += 1)}`);
  await writeFile(p, bytes);
  return p;
}

/** A photo with real detail, so its compressed data is long enough to cut in the middle. */
const detailedJpeg = () => noisyJpeg({ width: 400, height: 300, sigma: 40, quality: 90 });

describe("thumbnail", () => {
  it("makes a WebP no larger than 256 px, keeping the aspect ratio", async () => {
    const src = await file((await makePhoto({ width: 1024, height: 512 })).bytes);
    const dest = path.join(dir, "thumb.webp");
    expect(await images.thumbnail(src, dest)).toEqual({ width: 256, height: 128 });
    const meta = await sharp(dest).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 128 });
  });

  it("applies the EXIF orientation (a portrait shot by a turned camera stays portrait)", async () => {
    const src = await file((await makePhoto({ width: 400, height: 200, orientation: 6 })).bytes);
    expect(await images.thumbnail(src, path.join(dir, "rotated.webp"))).toEqual({ width: 128, height: 256 });
  });

  it("is made from the face scan's decoded copy: an upload is decoded once, not again for it", async () => {
    const src = await file((await makePhoto({ width: 800, height: 400, orientation: 6 })).bytes);
    const { faces, preview } = await createFaceScanner(createFaceDetector()).scan(src);
    expect(faces).toEqual([]);
    // The file is gone: only the scan's copy can give the thumbnail, upright as the photo shows.
    await unlink(src);
    const dest = path.join(dir, "from-scan.webp");
    expect(await images.thumbnail(src, dest, preview)).toEqual({ width: 128, height: 256 });
    expect(await sharp(dest).metadata()).toMatchObject({ format: "webp", width: 128, height: 256 });
  });

  it("does not enlarge small photos", async () => {
    const src = await file((await makePhoto({ format: "png", width: 40, height: 30 })).bytes);
    expect(await images.thumbnail(src, path.join(dir, "small.webp"))).toEqual({ width: 40, height: 30 });
  });

  it("fails with ImageDecodeError on cut-off and corrupt files", async () => {
    const jpeg = await detailedJpeg();
    const png = await sharp(jpeg).png().toBuffer();
    // Zeroed scan data still decodes (libjpeg cannot tell); broken tables cannot.
    const corrupt = Buffer.from(jpeg);
    corrupt.fill(0xff, 20, 400);
    for (const bytes of [
      jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      png.subarray(0, Math.floor(png.length * 0.6)),
      corrupt,
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
    ]) {
      await expect(
        images.thumbnail(await file(bytes), path.join(dir, `bad${n}.webp`)),
      ).rejects.toBeInstanceOf(ImageDecodeError);
    }
  });

  it("with one thumbnail at a time, the next ones wait their turn and a broken photo gives its turn back", async () => {
    const one = createImageProcessor({ concurrency: 1 });
    const jpeg = await detailedJpeg();
    const cut = await file(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    const good = await file(jpeg);
    const results = await Promise.allSettled([
      one.thumbnail(cut, path.join(dir, "turn-cut.webp")),
      one.thumbnail(good, path.join(dir, "turn-a.webp")),
      one.thumbnail(good, path.join(dir, "turn-b.webp")),
    ]);
    expect(results[0]?.status).toBe("rejected");
    expect(results[0]?.status === "rejected" && results[0].reason).toBeInstanceOf(ImageDecodeError);
    expect(results.slice(1)).toEqual([
      { status: "fulfilled", value: { width: 256, height: 192 } },
      { status: "fulfilled", value: { width: 256, height: 192 } },
    ]);
  });
});
