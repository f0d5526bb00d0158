/**
 * Resumable uploads (tus at /api/uploads): a photo whose link dropped at 60 % resumes from where
 * the server's bytes end and becomes one photo, byte for byte, charged once; every rule of a plain
 * upload holds (duplicates, the type, the quota at creation), and an upload is its owner's alone.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import {
  MAX_OPEN_RESUMABLE_UPLOADS,
  messages,
  resumableUploadResultSchema,
  STORAGE_QUOTA_BYTES,
} from "@poleatlas/shared";
import { makePhoto, padJpeg } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { astronautPhoto } from "../helpers/faces";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createUpload, cutPatch, offsetOf, patch, TUS } from "../helpers/tus";
import { keepPhotosAsSent, photoCount, samePixels, sha256, upload, usedBytes } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";

const t = useTestApp();
const user = useSignedInUser(t);
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  // The stored original is compared byte for byte: no face blurring in this workspace.
  await keepPhotosAsSent(t, user.cookie);
});

const result = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

describe("an upload cut at 60 %", () => {
  it("resumes with HEAD and PATCH and yields one photo, identical bytes, one quota charge", async () => {
    const bytes = padJpeg(
      (await makePhoto({ gps: { latitude: 52.52, longitude: 13.405 } })).bytes,
      3_000_000,
    );
    const { res, url } = await createUpload(t, user.cookie, bytes.length, {
      filename: "cut.jpg",
      filetype: "image/jpeg",
      lastModified: "1700000000000",
      timezoneOffset: "-60",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    // The whole length is announced, 60 % is sent, and the link drops.
    const cut = Math.floor(bytes.length * 0.6);
    const socket = await cutPatch(baseUrl, user.cookie, url!, bytes, cut);
    await vi.waitFor(async () => expect((await offsetOf(t, user.cookie, url!)).offset).toBe(cut), {
      timeout: 30_000,
      interval: 50,
    });
    socket.destroy();
    expect(await photoCount(t, user.id)).toBe(0);

    // The client asks where the server's bytes end and sends the rest from there.
    const head = await offsetOf(t, user.cookie, url!);
    expect(head).toEqual({ status: 200, offset: cut });
    const rest = await patch(t, user.cookie, url!, head.offset, bytes.subarray(head.offset));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers["upload-offset"]).toBe(String(bytes.length));

    const done = await result(user.cookie, url!);
    expect(done.statusCode, done.body).toBe(200);
    const { image, duplicate } = resumableUploadResultSchema.parse(done.json());
    expect(duplicate).toBeUndefined();
    expect(image.name).toBe("cut.jpg");
    expect(image.latitude).toBeCloseTo(52.52, 3);
    const stored = await t.app.inject({ url: image.image_url, headers: { cookie: user.cookie } });
    expect(stored.statusCode).toBe(200);
    expect(await samePixels(stored.rawPayload, bytes)).toBe(true);
    expect(await photoCount(t, user.id)).toBe(1);
    expect(await usedBytes(t, user.cookie)).toBe(stored.rawPayload.length);
    // Asked again (a reload), it is the same answer and still one charge.
    expect((await result(user.cookie, url!)).json()).toEqual(done.json());
    expect(await usedBytes(t, user.cookie)).toBe(stored.rawPayload.length);
  });
});

describe("the rules of a plain upload", () => {
  it("answers the same bytes again with the stored photo and duplicate: true", async () => {
    const owner = await createSignedInUser(t);
    const { bytes } = await makePhoto({ color: { r: 5, g: 6, b: 7 } });
    const first = await upload(t, owner.cookie, bytes, { filename: "first.jpg" });
    expect(first.statusCode).toBe(201);
    const { url } = await createUpload(t, owner.cookie, bytes.length);
    expect((await patch(t, owner.cookie, url!, 0, bytes)).statusCode).toBe(204);
    const again = await result(owner.cookie, url!);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ image: first.json<{ image: unknown }>().image, duplicate: true });
    expect(await photoCount(t, owner.id)).toBe(1);
  });

  it("refuses a declared type other than JPEG or PNG at creation with a plain upload's 415", async () => {
    const { res, url } = await createUpload(t, user.cookie, 1000, {
      filename: "a.gif",
      filetype: "image/gif",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: "unsupported_type", message: messages.onlyJpegPng });
    expect(url).toBeNull();
  });

  it("refuses bytes that are no JPEG or PNG once they have all arrived, with the same 415", async () => {
    const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(2000, 1)]);
    const { url } = await createUpload(t, user.cookie, gif.length, {
      filename: "b.jpg",
      filetype: "image/jpeg",
    });
    expect((await patch(t, user.cookie, url!, 0, gif)).statusCode).toBe(204);
    const res = await result(user.cookie, url!);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: "unsupported_type", message: messages.onlyJpegPng });
  });

  it("refuses an Upload-Length over the quota at creation with the quota's 413", async () => {
    const owner = await createSignedInUser(t);
    const { res } = await createUpload(t, owner.cookie, STORAGE_QUOTA_BYTES + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: "quota_exceeded", message: messages.quotaExceeded(0) });
  });

  it("holds the quota from creation: two open uploads cannot promise more than is left", async () => {
    const owner = await createSignedInUser(t);
    const first = await createUpload(t, owner.cookie, 30 * 1024 * 1024);
    expect(first.res.statusCode).toBe(201);
    const second = await createUpload(t, owner.cookie, 30 * 1024 * 1024);
    expect(second.res.statusCode).toBe(413);
    expect(second.res.json()).toMatchObject({ code: "quota_exceeded" });
  });
});

describe("the parts on disk", () => {
  it("keeps them where only the server's account can read them: folder 0700, files 0600", async () => {
    const owner = await createSignedInUser(t);
    const { url } = await createUpload(t, owner.cookie, 1000);
    const id = url!.split("/").pop()!;
    expect((await patch(t, owner.cookie, url!, 0, Buffer.alloc(400, 1))).statusCode).toBe(204);
    const dir = path.join(t.dataDir, "tmp", "resumable");
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const file of [id, `${id}.json`]) {
      expect((await stat(path.join(dir, file))).mode & 0o777, file).toBe(0o600);
    }
  });
});

describe("open uploads per user", () => {
  it(`holds ${MAX_OPEN_RESUMABLE_UPLOADS} open uploads of one user, then answers 429 until one ends`, async () => {
    const owner = await createSignedInUser(t);
    const urls: string[] = [];
    for (let i = 0; i < MAX_OPEN_RESUMABLE_UPLOADS; i++) {
      const { res, url } = await createUpload(t, owner.cookie, 10);
      expect(res.statusCode, res.body).toBe(201);
      urls.push(url!);
    }
    const over = await createUpload(t, owner.cookie, 10);
    expect(over.res.statusCode).toBe(429);
    expect(over.res.json()).toMatchObject({
      code: "too_many_open_uploads",
      message: messages.tooManyOpenUploads(MAX_OPEN_RESUMABLE_UPLOADS),
    });
    expect(over.url).toBeNull();
    // Someone else is not held back by it; one ended, one more may open.
    expect((await createUpload(t, user.cookie, 10)).res.statusCode).toBe(201);
    const del = await t.app.inject({
      method: "DELETE",
      url: urls[0]!,
      headers: { ...TUS, cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(204);
    await vi.waitFor(async () => expect((await createUpload(t, owner.cookie, 10)).res.statusCode).toBe(201));
  });
});

describe("termination", () => {
  it("DELETE removes an open upload and frees the quota it held at once", async () => {
    const owner = await createSignedInUser(t);
    const { url } = await createUpload(t, owner.cookie, STORAGE_QUOTA_BYTES);
    expect((await createUpload(t, owner.cookie, 1000)).res.statusCode).toBe(413);
    const del = await t.app.inject({
      method: "DELETE",
      url: url!,
      headers: { ...TUS, cookie: owner.cookie },
    });
    expect(del.statusCode, del.body).toBe(204);
    await vi.waitFor(async () =>
      expect((await createUpload(t, owner.cookie, 1000)).res.statusCode).toBe(201),
    );
    expect((await offsetOf(t, owner.cookie, url!)).status).toBe(404);
  });
});

describe("face blurring", () => {
  it("blurs a resumable upload as it blurs a plain one where the workspace says so", async () => {
    const owner = await createSignedInUser(t); // blurFaces is on by default
    const photo = await astronautPhoto({ tag: "resumable" });
    const { url } = await createUpload(t, owner.cookie, photo.length, {
      filename: "face.jpg",
      filetype: "image/jpeg",
    });
    expect((await patch(t, owner.cookie, url!, 0, photo)).statusCode).toBe(204);
    const { image } = resumableUploadResultSchema.parse((await result(owner.cookie, url!)).json());
    expect(image.privacy?.faces).toBeGreaterThan(0);
    const stored = await t.app.inject({ url: image.image_url, headers: { cookie: owner.cookie } });
    expect(sha256(stored.rawPayload)).not.toBe(sha256(photo));
  });
});

describe("someone else's upload", () => {
  it("is a 404 for HEAD, PATCH and GET", async () => {
    const other = await createSignedInUser(t);
    const { bytes } = await makePhoto({ color: { r: 70, g: 80, b: 90 } });
    const { url } = await createUpload(t, user.cookie, bytes.length);
    expect((await offsetOf(t, other.cookie, url!)).status).toBe(404);
    expect((await patch(t, other.cookie, url!, 0, bytes)).statusCode).toBe(404);
    expect((await patch(t, user.cookie, url!, 0, bytes)).statusCode).toBe(204);
    const res = await result(other.cookie, url!);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: messages.uploadNotFound });
    expect((await result(user.cookie, url!)).statusCode).toBe(200);
  });

  it("is a 404 for an id that names no upload at all", async () => {
    for (const id of ["not-an-id", "..", "%2e%2e%2fx"]) {
      expect((await offsetOf(t, user.cookie, `/api/uploads/${id}`)).status).toBe(404);
      expect((await patch(t, user.cookie, `/api/uploads/${id}`, 0, Buffer.alloc(4))).statusCode).toBe(404);
    }
  });

  it("needs a signed-in caller", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...TUS, "upload-length": "10", "upload-metadata": "" },
    });
    expect(res.statusCode).toBe(401);
  });
});
