/**
 * Faces are blurred before a photo is stored: a real face (see helpers/faces.ts) loses its detail
 * in the stored file and in its thumbnail, the rest of the photo keeps its own, the EXIF stays,
 * and no unblurred copy is left in storage or in the temp folder.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { imageCreatedSchema, imageResponseSchema, type ImageRecord } from "@poleatlas/shared";
import { readPhotoMetadata } from "@poleatlas/shared/exif";
import { makePhoto } from "@poleatlas/shared/testing";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  astronautPhoto,
  AWAY,
  distantFacePhoto,
  FACE,
  greyArea,
  laplacianVariance,
  scaled,
} from "../helpers/faces";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import {
  filesDir,
  keepPhotosAsSent,
  listFiles,
  samePixels,
  sha256,
  tmpDir,
  upload,
} from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

/** The stored file behind a photo's URL, as the owner is served it. */
async function stored(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function uploadPhoto(bytes: Buffer, filename: string): Promise<ImageRecord> {
  const res = await upload(t, user.cookie, bytes, { filename });
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

/** Every file in storage and in the temp folder. */
async function everyFile(): Promise<Buffer[]> {
  const files = [
    ...(await listFiles(filesDir(t))).map((f) => path.join(filesDir(t), f)),
    ...(await listFiles(tmpDir(t))).map((f) => path.join(tmpDir(t), f)),
  ];
  return Promise.all(files.map((f) => readFile(f)));
}

describe("uploads with a face", () => {
  it("store the photo with the face blurred, the rest and the EXIF as they were", async () => {
    const original = await astronautPhoto({ orientation: 6, tag: "turned" });
    const image = await uploadPhoto(original, "crew.jpg");
    const file = await stored(image.image_url);

    const faceBefore = await laplacianVariance(original, FACE);
    const faceAfter = await laplacianVariance(file, FACE);
    expect(faceAfter).toBeLessThanOrEqual(0.2 * faceBefore);
    const awayBefore = await laplacianVariance(original, AWAY);
    const awayAfter = await laplacianVariance(file, AWAY);
    expect(awayAfter).toBeGreaterThanOrEqual(0.95 * awayBefore);

    // GPS, date and orientation are still there (the stored pixels still lie on their side).
    const meta = await readPhotoMetadata(new Blob([file]));
    expect(meta.latitude).toBeCloseTo(48 + 8 / 60, 6);
    expect(meta.longitude).toBeCloseTo(11 + 34 / 60, 6);
    expect(meta.calendarDate).toBe("2024-05-06");
    expect((await sharp(file).metadata()).orientation).toBe(6);

    // The duplicate check is on the uploaded bytes; the photo tells what was blurred.
    expect(image.sha256).toBe(sha256(original));
    const got = await t.app.inject({
      method: "GET",
      url: `/api/images/${image.id}`,
      headers: { cookie: user.cookie },
    });
    const { privacy } = imageResponseSchema.parse(got.json()).image;
    expect(privacy?.faces).toBeGreaterThanOrEqual(1);
    expect(privacy?.manualBoxes).toBe(0);
    expect(privacy?.blurredAt).not.toBeNull();
    const again = await upload(t, user.cookie, original, { filename: "again.jpg" });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ image: { id: string } }>().image.id).toBe(image.id);
  });

  it("blur a distant face too (~94 px wide in a 12 MP photo)", async () => {
    const { bytes, face } = await distantFacePhoto();
    const image = await uploadPhoto(bytes, "street.jpg");
    const file = await stored(image.image_url);
    expect(await laplacianVariance(file, face)).toBeLessThanOrEqual(
      0.2 * (await laplacianVariance(bytes, face)),
    );
  });

  it("blurs the thumbnail too", async () => {
    const original = await astronautPhoto({ tag: "thumb" });
    const image = await uploadPhoto(original, "thumb.jpg");
    const thumb = await stored(image.thumbnail_url);
    const plainThumb = await sharp(original)
      .resize(256, 256, { fit: "inside" })
      .webp({ quality: 80 })
      .toBuffer();
    const face = scaled(FACE, 0.5);
    expect(await laplacianVariance(thumb, face)).toBeLessThanOrEqual(
      0.2 * (await laplacianVariance(plainThumb, face)),
    );
  });

  it("leaves no unblurred copy in storage or the temp folder", async () => {
    const original = await astronautPhoto({ tag: "copies" });
    await uploadPhoto(original, "copies.jpg");
    const files = await everyFile();
    expect(files.map(sha256)).not.toContain(sha256(original));
    // Nor the same face pixels under other bytes: every stored photo of this size is compared.
    const face = await greyArea(original, FACE);
    for (const f of files) {
      const m = await sharp(f)
        .metadata()
        .catch(() => null);
      if (!m || m.format !== "jpeg" || m.width !== 512) continue;
      const candidate = await greyArea(f, FACE);
      const differing = candidate.reduce((n, v, i) => n + (Math.abs(v - face[i]!) > 8 ? 1 : 0), 0);
      expect(differing / face.length).toBeGreaterThan(0.2);
    }
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});

describe("uploads without a face", () => {
  it("are stored with their pixels as they came", async () => {
    const { bytes } = await makePhoto({ width: 640, height: 480, dateTimeOriginal: "2024:01:02 03:04:05" });
    const image = await uploadPhoto(bytes, "pole.jpg");
    expect(await samePixels(await stored(image.image_url), bytes)).toBe(true);
    const got = await t.app.inject({
      method: "GET",
      url: `/api/images/${image.id}`,
      headers: { cookie: user.cookie },
    });
    expect(imageResponseSchema.parse(got.json()).image.privacy).toEqual({
      faces: 0,
      manualBoxes: 0,
      blurredAt: null,
    });
  });
});

describe("with blurring turned off", () => {
  it("stores the original", async () => {
    await keepPhotosAsSent(t, user.cookie);
    const original = await astronautPhoto({ tag: "off" });
    const image = await uploadPhoto(original, "off.jpg");
    expect(await samePixels(await stored(image.image_url), original)).toBe(true);
    expect(image.privacy?.faces).toBe(0);
  });
});
