/**
 * A photo over the pixel limit (MAX_PHOTO_PIXELS, the same for every format) is a clear 422
 * before any decode, leaves nothing behind, and holds no one else up. The 100 MP files are small
 * ones whose headers say 10000 × 10000 (a HEIC's `ispe` boxes, a JPEG's SOF): the refusal reads
 * only the header, and a real 100 MP HEIC takes heif-enc far longer than CI can spare.
 */
import { MAX_PHOTO_PIXELS, messages } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { makeHeic } from "@poleatlas/shared/testing/heic";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createUpload, patch } from "../helpers/tus";
import { filesDir, listFiles, photoCount, tmpDir, upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

const SIDE = 10_000;
const tooMany = messages.imageTooManyPixels(100, Math.round(MAX_PHOTO_PIXELS / 1e6));

/** Every `ispe` (image spatial extents) box of the HEIC says SIDE × SIDE. */
function claimHeicSize(heic: Buffer): Buffer {
  const out = Buffer.from(heic);
  let seen = 0;
  for (let at = out.indexOf("ispe"); at >= 0; at = out.indexOf("ispe", at + 4)) {
    out.writeUInt32BE(SIDE, at + 8);
    out.writeUInt32BE(SIDE, at + 12);
    seen += 1;
  }
  expect(seen).toBeGreaterThan(0);
  return out;
}

/** The JPEG's frame header (SOF0) says SIDE × SIDE. */
function claimJpegSize(jpeg: Buffer): Buffer {
  const out = Buffer.from(jpeg);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  out.writeUInt16BE(SIDE, sof + 5);
  out.writeUInt16BE(SIDE, sof + 7);
  return out;
}

async function expectNothingLeft(filesBefore: string[], photosBefore: number): Promise<void> {
  expect(await listFiles(filesDir(t))).toEqual(filesBefore);
  expect(await listFiles(tmpDir(t))).toEqual([]);
  expect(await photoCount(t, user.id)).toBe(photosBefore);
}

describe("a photo over the pixel limit", { timeout: 60_000 }, () => {
  it("as a 100 MP HEIC is a 422 saying so, the server answering meanwhile", async () => {
    const heic = claimHeicSize(await makeHeic({ width: 64, height: 48, gps: { latitude: 1, longitude: 2 } }));
    expect(await sharp(heic).metadata()).toMatchObject({ format: "heif", width: SIDE, height: SIDE });
    const filesBefore = await listFiles(filesDir(t));
    const photosBefore = await photoCount(t, user.id);
    const [res, health] = await Promise.all([
      upload(t, user.cookie, heic, { filename: "IMG_0100.HEIC", contentType: "image/heic" }),
      t.app.inject({ url: "/api/health" }),
    ]);
    expect(health.statusCode).toBe(200);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ code: "too_many_pixels", message: tooMany });
    await expectNothingLeft(filesBefore, photosBefore);
  });

  it("as a 100 MP JPEG is the same 422 (one limit for every format)", async () => {
    const { bytes } = await makePhoto({ width: 64, height: 48 });
    const jpeg = claimJpegSize(Buffer.from(bytes));
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: SIDE, height: SIDE });
    const filesBefore = await listFiles(filesDir(t));
    const photosBefore = await photoCount(t, user.id);
    const res = await upload(t, user.cookie, jpeg, { filename: "big.jpg" });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: "too_many_pixels" });
    await expectNothingLeft(filesBefore, photosBefore);
  });

  it("sent resumably ends in the same 422, its parts removed (tmp/resumable)", async () => {
    const heic = claimHeicSize(await makeHeic({ width: 64, height: 48, color: { r: 9, g: 9, b: 9 } }));
    const filesBefore = await listFiles(filesDir(t));
    const photosBefore = await photoCount(t, user.id);
    const { res, url } = await createUpload(t, user.cookie, heic.length, {
      filename: "IMG_0101.HEIC",
      filetype: "image/heic",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await patch(t, user.cookie, url!, 0, heic)).statusCode).toBe(204);
    const done = await t.app.inject({ url: url!, headers: { cookie: user.cookie } });
    expect(done.statusCode, done.body).toBe(422);
    expect(done.json()).toEqual({ code: "too_many_pixels", message: tooMany });
    await expectNothingLeft(filesBefore, photosBefore);
  });
});
