/**
 * A HEIC is kept as uploaded beside its JPEG rendition: the photo's download is the very file the
 * phone sent (same SHA-256, image/heic, a .heic name), its bytes count in the quota, and it goes
 * with the photo (delete), with the faces (a blur) and never with the sweep of orphaned files.
 * Files heif-enc encodes and exiftool tags at test time.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { imageCreatedSchema, imageResponseSchema, type ImageRecord } from "@poleatlas/shared";
import { makeHeic } from "@poleatlas/shared/testing/heic";
import { describe, expect, it } from "vitest";
import { sweepOrphans } from "../../src/infra/jobs/orphan-sweep";
import { astronautPhoto } from "../helpers/faces";
import { createLocalStorage } from "../../src/infra/storage/local-storage";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";
import { filesDir, keepPhotosAsSent, listFiles, sha256, tmpDir, upload, usedBytes } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);
/** Blurs faces at upload (the default), unlike `user` once the blur test turned it off. */
const blurring = useSignedInUser(t);

const fetchFile = (who: SignedInUser, url: string) =>
  t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });

let shade = 0;
/** A HEIC of its own bytes each time (the same bytes twice would be one photo). */
async function uploadHeic(filename = "IMG_0001.HEIC"): Promise<{ bytes: Buffer; image: ImageRecord }> {
  shade += 17;
  const bytes = await makeHeic({
    width: 160,
    height: 120,
    color: { r: shade & 255, g: 90, b: 30 },
    gps: { latitude: 47.37, longitude: 8.54 },
    dateTimeOriginal: "2024:05:01 10:00:00",
  });
  const res = await upload(t, user.cookie, bytes, { filename, contentType: "image/heic" });
  expect(res.statusCode, res.body).toBe(201);
  return { bytes, image: imageCreatedSchema.parse(res.json()).image };
}

const keyOf = (url: string) => url.replace(/^\/files\//, "");

// heif-enc, exiftool and the decode: seconds each on a busy machine.
describe("the original of a HEIC upload", { timeout: 60_000 }, () => {
  it("downloads as the same bytes, image/heic, named .heic; the shown file stays the JPEG", async () => {
    const { bytes, image } = await uploadHeic();
    expect(image.original).toMatchObject({
      content_type: "image/heic",
      bytes: bytes.length,
      filename: "IMG_0001.HEIC",
    });
    const res = await fetchFile(user, image.original!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/heic");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="IMG_0001.HEIC"; filename*=UTF-8''IMG_0001.HEIC`,
    );
    expect(sha256(res.rawPayload)).toBe(sha256(bytes));
    const shown = await fetchFile(user, image.image_url);
    expect(shown.headers["content-type"]).toBe("image/jpeg");
    expect(shown.headers["content-disposition"]).toBeUndefined();
    // The record read again names it too.
    const again = await t.app.inject({ url: `/api/images/${image.id}`, headers: { cookie: user.cookie } });
    expect(imageResponseSchema.parse(again.json()).image.original).toEqual(image.original);
  });

  it("is named .heic whatever the photo was called", async () => {
    const { image } = await uploadHeic("pole 7.jpg");
    expect(image.original?.filename).toBe("pole 7.heic");
    const res = await fetchFile(user, image.original!.url);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="pole 7.heic"; filename*=UTF-8''pole%207.heic`,
    );
  });

  it("counts in the quota: the rendition's bytes and the original's", async () => {
    const before = await usedBytes(t, user.cookie);
    const { bytes, image } = await uploadHeic();
    expect(await usedBytes(t, user.cookie)).toBe(before + image.metadata.fileSize + bytes.length);
  });

  it("is someone else's 404, as any file of theirs", async () => {
    const { image } = await uploadHeic();
    const res = await fetchFile(stranger, image.original!.url);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const anonymous = await t.app.inject({ url: image.original!.url });
    expect([401, 404]).toContain(anonymous.statusCode);
  });

  it("goes with the photo: a delete removes the JPEG, the thumbnail and the HEIC", async () => {
    const before = await listFiles(filesDir(t));
    const { image } = await uploadHeic();
    expect((await listFiles(filesDir(t))).length).toBe(before.length + 3);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/images/${image.id}`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await listFiles(filesDir(t))).toEqual(before);
    expect((await fetchFile(user, image.original!.url)).statusCode).toBe(404);
  });

  it("is not an orphan to the sweep while its photo lives", async () => {
    const { image } = await uploadHeic();
    const storage = createLocalStorage({ rootDir: filesDir(t), bucket: "utility-poles" });
    const removed = await sweepOrphans({
      db: t.db.database.db,
      storage,
      graceMs: 0,
      log: { info() {}, warn() {}, error() {} },
      now: () => Date.now() + 60_000,
    });
    expect(removed).not.toContain(keyOf(image.original!.url));
    expect((await fetchFile(user, image.original!.url)).statusCode).toBe(200);
  });

  it("goes with the faces: after a blur the download is the blurred JPEG and the HEIC is gone", async () => {
    await keepPhotosAsSent(t, user.cookie);
    const { bytes, image } = await uploadHeic();
    const before = await usedBytes(t, user.cookie);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/images/${image.id}/blur`,
      headers: { cookie: user.cookie },
      payload: { boxes: [{ x: 10, y: 10, width: 40, height: 30 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const blurred = imageResponseSchema.parse(res.json()).image;
    expect(blurred.original).toBeNull();
    expect((await fetchFile(user, image.original!.url)).statusCode).toBe(404);
    const onDisk = await listFiles(filesDir(t));
    expect(onDisk.some((f) => f.endsWith(path.basename(image.original!.url)))).toBe(false);
    // The photo's only file is the blurred JPEG now; the HEIC's bytes are no longer charged.
    const shown = await fetchFile(user, blurred.image_url);
    expect(shown.headers["content-type"]).toBe("image/jpeg");
    expect(await usedBytes(t, user.cookie)).toBe(
      before - image.metadata.fileSize - bytes.length + blurred.metadata.fileSize,
    );
  });

  it("is not kept when faces were blurred at upload: nothing unblurred is stored", async () => {
    // The face photo as a HEIC (heif-enc reads the JPEG).
    const dir = await mkdtemp(path.join(tmpdir(), "heic-face-"));
    let heic: Buffer;
    try {
      await writeFile(path.join(dir, "face.jpg"), await astronautPhoto());
      await promisify(execFile)("heif-enc", [
        "-q",
        "80",
        "-o",
        path.join(dir, "face.heic"),
        path.join(dir, "face.jpg"),
      ]);
      heic = await readFile(path.join(dir, "face.heic"));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const before = await listFiles(filesDir(t));
    const res = await upload(t, blurring.cookie, heic, { filename: "IMG_0002.HEIC" });
    expect(res.statusCode, res.body).toBe(201);
    const { image } = imageCreatedSchema.parse(res.json());
    expect(image.privacy?.faces).toBeGreaterThan(0);
    expect(image.original).toBeNull();
    // The JPEG and its thumbnail only; the quota charges the blurred JPEG alone.
    expect((await listFiles(filesDir(t))).length).toBe(before.length + 2);
    expect(await usedBytes(t, blurring.cookie)).toBe(image.metadata.fileSize);
  });

  it("is not kept for a JPEG, which is stored as it came", async () => {
    const { makePhoto } = await import("@poleatlas/shared/testing");
    const { bytes } = await makePhoto({ width: 64, height: 48 });
    const res = await upload(t, user.cookie, bytes, { filename: "pole.jpg" });
    expect(res.statusCode, res.body).toBe(201);
    expect(imageCreatedSchema.parse(res.json()).image.original).toBeNull();
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});
