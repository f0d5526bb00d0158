/**
 * No upload keeps an embedded image, faces or not, blurring on or off: the camera's small copies
 * (EXIF IFD1, JFXX, Photoshop and XMP thumbnails, MPF and maker-note previews, any segment
 * holding a JPEG) may show a face the main picture does not. The compressed pixels are stored
 * byte for byte, the tags PoleAtlas reads read as exiftool read them from the upload, the same
 * bytes twice are still one photo, and a broken segment is a 400, never a 500 or a kept copy.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import {
  imageCreatedSchema,
  messages,
  resumableUploadResultSchema,
  type ImageRecord,
} from "@poleatlas/shared";
import { readPhotoMetadata } from "@poleatlas/shared/exif";
import { makePhoto } from "@poleatlas/shared/testing";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { embeddedImages, expectClean, withEmbeddedImages } from "../helpers/embedded-images";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createUpload, patch } from "../helpers/tus";
import {
  filesDir,
  keepPhotosAsSent,
  listFiles,
  photoCount,
  sha256,
  tmpDir,
  upload,
} from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);
const blurOff = useSignedInUser(t);

const SOS = Buffer.from([0xff, 0xda]);

/** A face-free JPEG with position and date, and every kind of embedded copy of itself. */
async function poleJpeg(seed: number): Promise<{ plain: Buffer; original: Buffer }> {
  const { bytes: plain } = await makePhoto({
    width: 320,
    height: 240,
    color: { r: 40 + seed, g: 90, b: 160 },
    gps: { latitude: -33.865143, longitude: 151.2099 },
    dateTimeOriginal: "2024:02:03 04:05:06",
  });
  return { plain, original: await withEmbeddedImages(plain) };
}

async function stored(image: ImageRecord, cookie = user.cookie): Promise<Buffer> {
  const res = await t.app.inject({ url: image.image_url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const rows = await t.db.database.db.execute(
    sql`SELECT storage_key FROM utility_pole_images WHERE id = ${image.id}`,
  );
  const key = (rows.rows[0] as { storage_key: string }).storage_key;
  const file = (await listFiles(filesDir(t))).find((f) => f.endsWith(key));
  const onDisk = await readFile(path.join(filesDir(t), file!));
  expect(sha256(res.rawPayload)).toBe(sha256(onDisk));
  return onDisk;
}

async function uploadPhoto(bytes: Buffer, filename: string, cookie = user.cookie): Promise<ImageRecord> {
  const res = await upload(t, cookie, bytes, { filename });
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

/** The main picture's compressed scans are the file's end, byte for byte, and decode the same. */
async function expectSamePixels(bytes: Buffer, plain: Buffer): Promise<void> {
  const scans = plain.subarray(plain.indexOf(SOS));
  expect(bytes.subarray(bytes.length - scans.length).equals(scans)).toBe(true);
  const raw = (b: Buffer) => sharp(b).raw().toBuffer();
  expect((await raw(bytes)).equals(await raw(plain))).toBe(true);
}

function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

describe("a photo without a face", () => {
  it("is stored without its embedded images, its pixels and read tags as sent", async () => {
    const { plain, original } = await poleJpeg(1);
    expect(await embeddedImages(original)).toEqual(
      expect.arrayContaining([
        "IFD1:ThumbnailImage",
        "JFXX:ThumbnailImage",
        "Photoshop:PhotoshopThumbnail",
        "XMP-xmp:ThumbnailImage",
        "MPImage2:PreviewImage",
      ]),
    );
    const image = await uploadPhoto(original, "pole.jpg");
    expect(image.privacy?.faces).toBe(0);
    const bytes = await stored(image);
    await expectClean(bytes, original);
    await expectSamePixels(bytes, plain);
    expect(image.metadata.fileSize).toBe(bytes.length);
  });

  it("loses them with blurring off too, through a plain and a resumable upload", async () => {
    await keepPhotosAsSent(t, blurOff.cookie);
    const { plain, original } = await poleJpeg(2);
    const bytes = await stored(await uploadPhoto(original, "off.jpg", blurOff.cookie), blurOff.cookie);
    await expectClean(bytes, original);
    await expectSamePixels(bytes, plain);

    const other = await poleJpeg(3);
    const { url } = await createUpload(t, blurOff.cookie, other.original.length, {
      filename: "resumed.jpg",
      filetype: "image/jpeg",
    });
    expect((await patch(t, blurOff.cookie, url!, 0, other.original)).statusCode).toBe(204);
    const done = await t.app.inject({ url: url!, headers: { cookie: blurOff.cookie } });
    expect(done.statusCode, done.body).toBe(200);
    const resumed = await stored(resumableUploadResultSchema.parse(done.json()).image, blurOff.cookie);
    await expectClean(resumed, other.original);
    await expectSamePixels(resumed, other.plain);
  });

  it("sent twice is one photo: duplicates are told by the bytes sent", async () => {
    const { original } = await poleJpeg(4);
    const count = await photoCount(t, user.id);
    const first = await uploadPhoto(original, "twice.jpg");
    const again = await upload(t, user.cookie, original, { filename: "twice-again.jpg" });
    expect(again.statusCode, again.body).toBe(200);
    const answer = again.json<{ image: ImageRecord; duplicate: boolean }>();
    expect(answer.duplicate).toBe(true);
    expect(answer.image.id).toBe(first.id);
    expect(await photoCount(t, user.id)).toBe(count + 1);
  });

  it("loses any other segment holding a JPEG; keeps its colour profile", async () => {
    const { bytes: plain } = await makePhoto({
      width: 96,
      height: 64,
      dateTimeOriginal: "2024:03:04 05:06:07",
    });
    const thumb = await sharp(plain).resize(16).jpeg().toBuffer();
    const withProfile = await sharp(plain).withIccProfile("p3").keepExif().jpeg().toBuffer();
    const extra = [
      jpegSegment(0xe5, Buffer.concat([Buffer.from("Vendor\0"), thumb])),
      jpegSegment(0xe1, Buffer.concat([Buffer.from("Preview\0"), thumb])),
      jpegSegment(0xe2, Buffer.concat([Buffer.from("FPXR\0"), thumb])),
      jpegSegment(0xfe, Buffer.concat([Buffer.from("comment "), thumb])),
    ];
    const original = Buffer.concat([withProfile.subarray(0, 2), ...extra, withProfile.subarray(2)]);
    expect((await embeddedImages(original)).length).toBeGreaterThanOrEqual(4);
    const bytes = await stored(await uploadPhoto(original, "vendor.jpg"));
    expect(await embeddedImages(bytes)).toEqual([]);
    expect((await sharp(bytes).metadata()).icc?.equals((await sharp(withProfile).metadata()).icc!)).toBe(
      true,
    );
    expect((await readPhotoMetadata(bytes)).timestamp).toBe((await readPhotoMetadata(original)).timestamp);
  });
});

describe("a PNG", () => {
  it("loses its EXIF thumbnail; one without metadata is stored as sent", async () => {
    const png = await sharp((await poleJpeg(5)).plain)
      .keepExif()
      .png()
      .toBuffer();
    const original = await withEmbeddedImages(png);
    expect(await embeddedImages(original)).toEqual(
      expect.arrayContaining(["IFD1:ThumbnailImage", "XMP-xmp:ThumbnailImage"]),
    );
    const bytes = await stored(await uploadPhoto(original, "pole.png"));
    await expectClean(bytes, original);
    const raw = (b: Buffer) => sharp(b).raw().toBuffer();
    expect((await raw(bytes)).equals(await raw(original))).toBe(true);

    const bare = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const res = await upload(t, user.cookie, bare, { filename: "bare.png", lastModified: "1700000000000" });
    expect(res.statusCode, res.body).toBe(201);
    expect(sha256(await stored(imageCreatedSchema.parse(res.json()).image))).toBe(sha256(bare));
  });
});

describe("a broken segment", () => {
  it("is a 400 with nothing stored, or stored without the block; never a 500", async () => {
    const { original } = await poleJpeg(6);
    const app1 = original.indexOf(Buffer.from([0xff, 0xe1]));
    const runsPast = Buffer.from(original.subarray(0, app1 + 40));
    const cutInPixels = original.subarray(0, original.indexOf(SOS) + 200);
    const pngRunsPast = Buffer.from(await sharp(original).png().toBuffer());
    pngRunsPast.writeUInt32BE(0x7fff_ffff, 8);
    const count = await photoCount(t, user.id);
    for (const [title, bytes] of [
      ["a segment running past the end", runsPast],
      ["cut inside the pixels", cutInPixels],
      ["a PNG chunk running past the end", pngRunsPast],
    ] as const) {
      const res = await upload(t, user.cookie, bytes, {
        filename: "broken.jpg",
        lastModified: "1700000000000",
      });
      expect(res.statusCode, `${title}: ${res.body}`).toBe(400);
      expect(res.json(), title).toEqual({ code: "invalid_image", message: messages.imageUnreadable });
    }
    expect(await photoCount(t, user.id)).toBe(count);
    expect(await listFiles(tmpDir(t))).toEqual([]);

    // An EXIF block of garbage holding a JPEG: the photo is stored, the block is not.
    const { bytes: plain } = await makePhoto({ width: 64, height: 48 });
    const thumb = await sharp(plain).resize(16).jpeg().toBuffer();
    const garbage = jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\0\0MM\0*\0\0\0\x08\xff\xff"), thumb]));
    const hostile = Buffer.concat([plain.subarray(0, 2), garbage, plain.subarray(2)]);
    const res = await upload(t, user.cookie, hostile, {
      filename: "garbage.jpg",
      lastModified: "1700000000000",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await embeddedImages(await stored(imageCreatedSchema.parse(res.json()).image))).toEqual([]);
  });
});
