import {
  imageCreatedSchema,
  imageListSchema,
  messages,
  STORAGE_QUOTA_BYTES,
  storageUsageSchema,
  type ImageRecord,
} from "@poleatlas/shared";
import { HEMISPHERES, makePhoto, makePlainImage, padJpeg } from "@poleatlas/shared/testing";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { noisyJpeg } from "../helpers/photos";
import { filesDir, listFiles, samePixels, tmpDir, upload } from "../helpers/uploads";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

let user: SignedInUser;
const t = useTestApp();

async function get(url: string, cookie = user.cookie) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}

async function fetchFile(url: string) {
  const res = await get(url);
  return { res, bytes: res.rawPayload };
}

describe("POST /api/images: what was written is what is stored", () => {
  beforeAll(async () => {
    user = await createSignedInUser(t);
  });

  const cases = [
    { title: "JPEG with GPS (S/W) and date", format: "jpeg", gps: HEMISPHERES["S/W (Santiago)"], date: true },
    { title: "PNG with GPS (N/E) and date", format: "png", gps: HEMISPHERES["N/E (Berlin)"], date: true },
    { title: "JPEG with GPS (S/E), no date", format: "jpeg", gps: HEMISPHERES["S/E (Sydney)"], date: false },
    { title: "PNG without any EXIF", format: "png", gps: null, date: false },
    { title: "JPEG without any EXIF", format: "jpeg", gps: null, date: false },
  ] as const;

  for (const c of cases) {
    it(c.title, async () => {
      const { bytes, expected } = await makePhoto({
        format: c.format,
        gps: c.gps,
        dateTimeOriginal: c.date ? "2023:12:31 23:59:59" : null,
        offsetTimeOriginal: c.date ? "-11:00" : undefined,
        width: 640,
        height: 480,
      });
      const filename = `pole-${c.format}.${c.format === "png" ? "png" : "jpg"}`;
      const lastModified = Date.UTC(2021, 4, 6, 7, 8, 9);
      const usageBefore = storageUsageSchema.parse((await get("/api/storage/usage")).json()).usedBytes;

      const res = await upload(t, user.cookie, bytes, { filename, lastModified });
      expect(res.statusCode, res.body).toBe(201);
      const { image } = imageCreatedSchema.parse(res.json());

      expect(image).toMatchObject({
        user_id: user.id,
        name: filename,
        latitude: expected.latitude,
        longitude: expected.longitude,
        // The day where it was taken: 23:59:59 at -11:00 is already 1 January in Santiago and in
        // Berlin; else the file's lastModified date.
        date: c.date ? "2024-01-01" : "2021-05-06",
        metadata: {
          latitude: expected.latitude,
          longitude: expected.longitude,
          timestamp: c.date ? "2023-12-31T23:59:59-11:00" : "2021-05-06T07:08:09.000Z",
          filename,
          fileType: c.format === "png" ? "image/png" : "image/jpeg",
          lastModified,
        },
      });
      expect(image.image_url).toMatch(
        new RegExp(`^/files/utility-poles/${user.id}/${image.id}\\.${c.format === "png" ? "png" : "jpg"}$`),
      );
      expect(Date.parse(image.created_at)).toBeGreaterThan(Date.now() - 60_000);

      // The same values come back from the list (i.e. from the database, not the request).
      const list = imageListSchema.parse((await get("/api/images")).json()).images;
      expect(list.find((i) => i.id === image.id)).toEqual(image);

      // The stored file is the uploaded picture, pixel for pixel (without embedded images), with
      // the owner-only headers; its size is what is stored.
      const file = await fetchFile(image.image_url);
      expect(file.res.statusCode).toBe(200);
      expect(await samePixels(file.bytes, bytes)).toBe(true);
      expect(image.metadata.fileSize).toBe(file.bytes.length);
      expect(file.res.headers["content-type"]).toBe(image.metadata.fileType);
      expect(file.res.headers["cache-control"]).toBe("private, no-cache");

      const thumb = await fetchFile(image.thumbnail_url);
      expect(thumb.res.statusCode).toBe(200);
      expect(thumb.res.headers["content-type"]).toBe("image/webp");
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: "webp", width: 256, height: 192 });

      const usage = storageUsageSchema.parse((await get("/api/storage/usage")).json());
      expect(usage).toEqual({ usedBytes: usageBefore + file.bytes.length, quotaBytes: STORAGE_QUOTA_BYTES });
    });
  }

  it("uses the upload day when there is neither an EXIF date nor lastModified", async () => {
    const res = await upload(t, user.cookie, await makePlainImage("jpeg"), { filename: "now.jpg" });
    expect(res.statusCode).toBe(201);
    const { image } = imageCreatedSchema.parse(res.json());
    expect(image.date).toBe(new Date().toISOString().slice(0, 10));
    expect(image.metadata.lastModified).toBeNull();
    expect(Date.parse(image.metadata.timestamp)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("leaves no temp files behind", async () => {
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});

describe("POST /api/images: refused files leave nothing behind", () => {
  let refusedUser: SignedInUser;
  let baseline: { files: string[]; images: ImageRecord[] };
  beforeAll(async () => {
    refusedUser = await createSignedInUser(t);
    baseline = {
      files: await listFiles(filesDir(t)),
      images: imageListSchema.parse((await get("/api/images", refusedUser.cookie)).json()).images,
    };
    expect(baseline.images).toEqual([]);
  });

  const jpeg = () => noisyJpeg({ width: 800, height: 600, sigma: 50 });

  const refusals: {
    title: string;
    bytes: () => Promise<Uint8Array>;
    filename: string;
    status: number;
    code: string;
    message: string;
  }[] = [
    {
      title: "a GIF renamed .jpg",
      bytes: () => makePlainImage("gif"),
      filename: "pole.jpg",
      status: 415,
      code: "unsupported_type",
      message: messages.onlyJpegPng,
    },
    {
      title: "a text file named .png",
      bytes: () => Promise.resolve(new TextEncoder().encode("just some text, not a picture\n")),
      filename: "pole.png",
      status: 415,
      code: "unsupported_type",
      message: messages.onlyJpegPng,
    },
    {
      title: "a zero-byte file",
      bytes: () => Promise.resolve(new Uint8Array(0)),
      filename: "empty.jpg",
      status: 400,
      code: "empty_file",
      message: messages.imageEmpty,
    },
    {
      title: "a truncated JPEG",
      bytes: async () => (await jpeg()).subarray(0, 30_000),
      filename: "cut.jpg",
      status: 400,
      code: "invalid_image",
      message: messages.imageUnreadable,
    },
    {
      title: "a 60 MB file",
      bytes: async () => padJpeg(await makePlainImage("jpeg"), 60 * 1024 * 1024),
      filename: "huge.jpg",
      status: 413,
      code: "quota_exceeded",
      message: messages.quotaExceeded(0),
    },
  ];

  for (const r of refusals) {
    it(`${r.title} → ${r.status}`, async () => {
      const res = await upload(t, refusedUser.cookie, await r.bytes(), { filename: r.filename });
      expect(res.statusCode, res.body).toBe(r.status);
      expect(res.json()).toEqual({ code: r.code, message: r.message });

      const images = imageListSchema.parse((await get("/api/images", refusedUser.cookie)).json()).images;
      expect(images).toEqual([]);
      expect(await listFiles(filesDir(t))).toEqual(baseline.files);
      expect(await listFiles(tmpDir(t))).toEqual([]);
      expect((await get("/api/storage/usage", refusedUser.cookie)).json()).toMatchObject({ usedBytes: 0 });
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    });
  }

  it("a request without a file part or not multipart at all → 400", async () => {
    const noFile = await upload(t, refusedUser.cookie, new Uint8Array(0), {
      fieldName: null,
      lastModified: 1,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ code: "file_required", message: messages.noFilesSelected });
    const json = await t.app.inject({
      method: "POST",
      url: "/api/images",
      headers: { cookie: refusedUser.cookie },
      payload: { name: "x" },
    });
    expect(json.statusCode).toBe(400);
  });

  it("a file without a name → 400 'Image name is required'", async () => {
    const res = await upload(t, refusedUser.cookie, await makePlainImage("jpeg"), { filename: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "name_required", message: messages.imageNameRequired });
  });

  it("a lastModified that is not a number → 400", async () => {
    const res = await upload(t, refusedUser.cookie, await makePlainImage("jpeg"), {
      lastModified: "yesterday",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_last_modified" });
    expect(await listFiles(filesDir(t))).toEqual(baseline.files);
  });
});
