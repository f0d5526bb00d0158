/**
 * iPhone photos as they come: a HEIC upload lands with the position, capture time and bearing
 * exiftool reads from it, and is stored as a JPEG rendition (browsers show no HEIC) with a WebP
 * thumbnail. Files heif-enc encodes and exiftool tags at test time.
 */
import { imageResponseSchema } from "@poleatlas/shared";
import { exiftoolReading, makeHeic } from "@poleatlas/shared/testing/heic";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createUpload, patch } from "../helpers/tus";
import { filesDir, listFiles, tmpDir, upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

const fetchFile = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });

// heif-enc, exiftool and the decode: seconds each on a busy machine.
describe("a HEIC upload", { timeout: 60_000 }, () => {
  it("lands with exiftool's position, time and bearing, stored as a JPEG", async () => {
    const bytes = await makeHeic({
      width: 320,
      height: 240,
      gps: { latitude: 47.376_887, longitude: 8.541_694 },
      dateTimeOriginal: "2024:05:01 23:30:05",
      offsetTimeOriginal: "+02:00",
      heading: 123.45,
    });
    const truth = await exiftoolReading(bytes);
    const res = await upload(t, user.cookie, bytes, { filename: "IMG_0001.HEIC", contentType: "image/heic" });
    expect(res.statusCode, res.body).toBe(201);
    const { image } = imageResponseSchema.parse(res.json());
    expect(image.latitude).toBeCloseTo(truth.latitude!, 6);
    expect(image.longitude).toBeCloseTo(truth.longitude!, 6);
    expect(image.heading).toBeCloseTo(truth.heading!, 6);
    expect(image.metadata.timestamp).toBe("2024-05-01T23:30:05+02:00");
    expect(image.date).toBe("2024-05-01");
    expect(image.name).toBe("IMG_0001.HEIC");

    const stored = await fetchFile(image.image_url);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: "jpeg",
      width: 320,
      height: 240,
    });
    const thumb = await fetchFile(image.thumbnail_url);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: "webp" });
    // Nothing of the decode is left in the temp folder.
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });

  it("keeps the picture: the rendition's pixels are the photo's", async () => {
    const bytes = await makeHeic({ width: 64, height: 48, color: { r: 0, g: 200, b: 0 }, quality: 90 });
    const res = await upload(t, user.cookie, bytes, { filename: "green.heic" });
    expect(res.statusCode, res.body).toBe(201);
    const { image } = imageResponseSchema.parse(res.json());
    const stored = await fetchFile(image.image_url);
    const { channels } = await sharp(stored.rawPayload).stats();
    // The fixture's green channel is 200 everywhere; HEVC and JPEG each lose a little.
    expect(Math.abs(channels[1]!.mean - 200)).toBeLessThan(6);
  });

  it("arrives by a resumable upload too (same service, same reading)", async () => {
    const bytes = await makeHeic({
      width: 160,
      height: 120,
      gps: { latitude: -33.8568, longitude: 151.2153 },
      heading: 42,
    });
    const { res, url } = await createUpload(t, user.cookie, bytes.length, {
      filename: "IMG_0002.heic",
      filetype: "image/heic",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await patch(t, user.cookie, url!, 0, bytes)).statusCode).toBe(204);
    const done = await fetchFile(url!);
    expect(done.statusCode, done.body).toBe(200);
    const { image } = imageResponseSchema.parse(done.json());
    expect(image.latitude).toBeCloseTo(-33.8568, 6);
    expect(image.heading).toBe(42);
  });

  it("cut off is a 400 and leaves nothing behind", async () => {
    const bytes = await makeHeic({ width: 320, height: 240, gps: { latitude: 1, longitude: 2 } });
    const before = await listFiles(filesDir(t));
    const res = await upload(t, user.cookie, bytes.subarray(0, Math.floor(bytes.length * 0.6)), {
      filename: "cut.heic",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_image" });
    expect(await listFiles(filesDir(t))).toEqual(before);
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });

  it("with no image in it is a 400 and leaves nothing behind", async () => {
    // ftyp "heic" and a meta box holding only its handler: a HEIF container with no item.
    const box = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length, 0);
      head.write(type, 4, "latin1");
      return Buffer.concat([head, body]);
    };
    const ftyp = box("ftyp", Buffer.from("heic\0\0\0\0mif1heic", "latin1"));
    const hdlr = box(
      "hdlr",
      Buffer.concat([Buffer.alloc(8), Buffer.from("pict", "latin1"), Buffer.alloc(13)]),
    );
    const meta = box("meta", Buffer.concat([Buffer.alloc(4), hdlr]));
    const before = await listFiles(filesDir(t));
    const res = await upload(t, user.cookie, Buffer.concat([ftyp, meta]), { filename: "empty.heic" });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_image" });
    expect(await listFiles(filesDir(t))).toEqual(before);
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });

  it("an AVIF (HEIF, but AV1) is refused as another format with a 415", async () => {
    const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .avif()
      .toBuffer();
    const res = await upload(t, user.cookie, avif, { filename: "photo.heic", contentType: "image/heic" });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ code: "unsupported_type" });
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});
