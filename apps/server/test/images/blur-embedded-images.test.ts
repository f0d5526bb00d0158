/**
 * A blurred photo keeps no copy of itself: cameras and editors embed small copies of the photo
 * (EXIF IFD1, JFXX, Photoshop and XMP thumbnails, MPF and maker-note previews), faces in clear.
 * Whatever way the photo was blurred (a plain upload, a resumable one, by hand), exiftool finds
 * none of them in the stored file nor in the served bytes, and the tags PoleAtlas reads
 * (position, date, zone, heading, orientation) and authorship read as before. A photo without a
 * face loses its copies too (upload-embedded-images.test.ts), and so does one blurred by hand.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import {
  imageCreatedSchema,
  imageResponseSchema,
  resumableUploadResultSchema,
  type ImageRecord,
} from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { embeddedImages, expectClean, withEmbeddedImages } from "../helpers/embedded-images";
import { astronautPhoto, FACE, laplacianVariance } from "../helpers/faces";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createUpload, patch } from "../helpers/tus";
import { filesDir, listFiles, sha256, upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

async function uploadPhoto(bytes: Buffer, filename: string): Promise<ImageRecord> {
  const res = await upload(t, user.cookie, bytes, { filename });
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

async function uploadResumable(bytes: Buffer, filename: string): Promise<ImageRecord> {
  const { url } = await createUpload(t, user.cookie, bytes.length, { filename, filetype: "image/jpeg" });
  expect((await patch(t, user.cookie, url!, 0, bytes)).statusCode).toBe(204);
  const done = await t.app.inject({ url: url!, headers: { cookie: user.cookie } });
  expect(done.statusCode, done.body).toBe(200);
  return resumableUploadResultSchema.parse(done.json()).image;
}

/** The photo's bytes as served, and as stored on disk under its storage key. */
async function servedAndStored(image: ImageRecord): Promise<{ served: Buffer; stored: Buffer }> {
  const res = await t.app.inject({ url: image.image_url, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  const rows = await t.db.database.db.execute(
    sql`SELECT storage_key FROM utility_pole_images WHERE id = ${image.id}`,
  );
  const key = (rows.rows[0] as { storage_key: string }).storage_key;
  const file = (await listFiles(filesDir(t))).find((f) => f.endsWith(key));
  expect(file, key).toBeDefined();
  return { served: res.rawPayload, stored: await readFile(path.join(filesDir(t), file!)) };
}

/** The fixture really carries what the test says it does: each kind of copy, byte for byte. */
async function expectEveryKindOfCopy(bytes: Buffer): Promise<void> {
  expect(await embeddedImages(bytes)).toEqual(
    expect.arrayContaining([
      "IFD1:ThumbnailImage",
      "JFXX:ThumbnailImage",
      "Photoshop:PhotoshopThumbnail",
      "XMP-xmp:ThumbnailImage",
      "MPImage2:PreviewImage",
      "ExifIFD:MakerNoteUnknown",
    ]),
  );
}

describe("a photo blurred at upload keeps no embedded image", () => {
  it("through a plain upload: stored and served", async () => {
    const original = await withEmbeddedImages(await astronautPhoto({ orientation: 6, tag: "plain" }));
    await expectEveryKindOfCopy(original);
    const image = await uploadPhoto(original, "plain.jpg");
    expect(image.privacy?.faces).toBeGreaterThanOrEqual(1);
    const { served, stored } = await servedAndStored(image);
    expect(sha256(served)).toBe(sha256(stored));
    await expectClean(stored, original);
    expect((await sharp(stored).metadata()).orientation).toBe(6);
    expect(await laplacianVariance(stored, FACE)).toBeLessThanOrEqual(
      0.2 * (await laplacianVariance(original, FACE)),
    );
  });

  it("through a resumable upload: stored and served", async () => {
    const original = await withEmbeddedImages(await astronautPhoto({ tag: "resumable" }));
    const image = await uploadResumable(original, "resumable.jpg");
    expect(image.privacy?.faces).toBeGreaterThanOrEqual(1);
    const { served, stored } = await servedAndStored(image);
    await expectClean(served, original);
    await expectClean(stored, original);
  });

  it("as a PNG: its EXIF thumbnail, maker note and XMP thumbnail are gone", async () => {
    const png = await sharp(await astronautPhoto({ tag: "png" }))
      .keepExif()
      .png()
      .toBuffer();
    const original = await withEmbeddedImages(png);
    expect(await embeddedImages(original)).toEqual(
      expect.arrayContaining(["IFD1:ThumbnailImage", "XMP-xmp:ThumbnailImage", "ExifIFD:MakerNoteUnknown"]),
    );
    const image = await uploadPhoto(original, "face.png");
    expect(image.privacy?.faces).toBeGreaterThanOrEqual(1);
    const { served, stored } = await servedAndStored(image);
    expect(sha256(served)).toBe(sha256(stored));
    await expectClean(stored, original);
  });
});

describe("a photo without a face", () => {
  it("is stored without its copies; blurred by hand, it keeps none", async () => {
    const { bytes } = await makePhoto({
      width: 320,
      height: 240,
      gps: { latitude: -33.865143, longitude: 151.2099 },
      dateTimeOriginal: "2024:02:03 04:05:06",
    });
    const original = await withEmbeddedImages(bytes);
    await expectEveryKindOfCopy(original);
    const image = await uploadPhoto(original, "pole.jpg");
    expect(image.privacy?.faces).toBe(0);
    const before = await servedAndStored(image);
    await expectClean(before.stored, original);

    const res = await t.app.inject({
      method: "POST",
      url: `/api/images/${image.id}/blur`,
      headers: { cookie: user.cookie },
      payload: { boxes: [{ x: 10, y: 10, width: 60, height: 40 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const blurred = imageResponseSchema.parse(res.json()).image;
    const after = await servedAndStored(blurred);
    await expectClean(after.served, original);
    await expectClean(after.stored, original);
  });
});
