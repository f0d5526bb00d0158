/**
 * Resumable uploads with STORAGE=s3: the parts wait in the bucket under `resumable/`, so a resume
 * that reaches another server instance behind the same address finds them; once the last byte
 * lands the photo goes through the plain upload's rules (face blurring included) and the parts
 * leave the bucket. Against s3rver; the second instance shares the first one's database and bucket.
 */
import { buffer } from "node:stream/consumers";
import { RESUMABLE_CHUNK_BYTES, resumableUploadResultSchema } from "@poleatlas/shared";
import { makePhoto, padJpeg } from "@poleatlas/shared/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createS3Storage } from "../../src/infra/storage/s3-storage";
import { buildTestApp, type TestApp } from "../helpers/app";
import { astronautPhoto } from "../helpers/faces";
import { bucketContents, startTestS3, type TestS3 } from "../helpers/s3";
import { createUpload, cutPatch, offsetOf, patch } from "../helpers/tus";
import { keepPhotosAsSent, photoCount, samePixels, sha256, usedBytes } from "../helpers/uploads";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

let s3: TestS3;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startTestS3(["utility-poles"]);
  a = await buildTestApp({ ...s3.env(), S3_SERVE: "proxy" });
  b = await buildTestApp({ ...s3.env(), S3_SERVE: "proxy" }, { beside: a });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

const result = (t: TestApp, cookie: string, url: string) =>
  t.app.inject({ method: "GET", url, headers: { cookie } });

/** A user whose workspace keeps photos as sent (no face blurring), to compare bytes. */
async function userKeepingBytes(): Promise<SignedInUser> {
  const user = await createSignedInUser(a);
  await keepPhotosAsSent(a, user.cookie);
  return user;
}

/** Sends `bytes` from `offset` in PATCHes of `piece` bytes; resolves with the last Upload-Offset. */
async function sendInPieces(
  t: TestApp,
  cookie: string,
  url: string,
  bytes: Buffer,
  offset: number,
  piece: number,
) {
  let last = "";
  for (let at = offset; at < bytes.length; at += piece) {
    const res = await patch(t, cookie, url, at, bytes.subarray(at, Math.min(at + piece, bytes.length)));
    expect(res.statusCode, res.body).toBe(204);
    last = String(res.headers["upload-offset"]);
  }
  return last;
}

/** A photo of 12 MB: three 5 MiB pieces (two whole S3 parts and a last, shorter one). */
async function bigPhoto(seed: number): Promise<Buffer> {
  return padJpeg(
    (await makePhoto({ color: { r: seed, g: 40, b: 90 }, gps: { latitude: 48.1, longitude: 11.6 } })).bytes,
    12_000_000,
  );
}

describe("an upload cut partway with STORAGE=s3", () => {
  it("resumes from the bucket's bytes and yields one photo, identical bytes, one quota charge", async () => {
    const user = await userKeepingBytes();
    const bytes = await bigPhoto(11);
    const { res, url } = await createUpload(a, user.cookie, bytes.length, {
      filename: "cut-s3.jpg",
      filetype: "image/jpeg",
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = url!.split("/").pop()!;

    // The whole length is announced, a third is sent, and the link drops.
    const cut = Math.floor(bytes.length / 3);
    const baseUrl = await a.app.listen({ host: "127.0.0.1", port: 0 });
    const socket = await cutPatch(baseUrl, user.cookie, url!, bytes, cut);
    socket.on("error", () => {});
    await new Promise<void>((resolve) => socket.end(resolve));
    // What the server had read when the link dropped is in the bucket: less than an S3 part, so as
    // the short tail that the next PATCH continues.
    await vi.waitFor(
      async () => expect((await bucketContents(s3, "resumable/")).objects).toContain(`resumable/${id}.part`),
      { timeout: 60_000, interval: 100 },
    );
    socket.destroy();
    expect(await photoCount(a, user.id)).toBe(0);

    const head = await offsetOf(a, user.cookie, url!);
    expect(head.status).toBe(200);
    expect(head.offset).toBeGreaterThan(0);
    expect(head.offset).toBeLessThanOrEqual(cut);
    // The rest in pieces shorter than an S3 part: each joins the tail until there are 5 MiB.
    expect(await sendInPieces(a, user.cookie, url!, bytes, head.offset, 1_000_000)).toBe(
      String(bytes.length),
    );

    const done = await result(a, user.cookie, url!);
    expect(done.statusCode, done.body).toBe(200);
    const { image, duplicate } = resumableUploadResultSchema.parse(done.json());
    expect(duplicate).toBeUndefined();
    expect(image.name).toBe("cut-s3.jpg");
    const stored = await a.app.inject({ url: image.image_url, headers: { cookie: user.cookie } });
    expect(stored.statusCode).toBe(200);
    expect(await samePixels(stored.rawPayload, bytes)).toBe(true);
    expect(await photoCount(a, user.id)).toBe(1);
    expect(await usedBytes(a, user.cookie)).toBe(stored.rawPayload.length);
    expect((await result(a, user.cookie, url!)).json()).toEqual(done.json());
    expect(await usedBytes(a, user.cookie)).toBe(stored.rawPayload.length);
    expect(await bucketContents(s3, "resumable/")).toEqual({ objects: [], multipart: [] });
  });
});

describe("two instances behind one address", () => {
  it("creates and takes the first piece on one, the rest on the other: one photo stored", async () => {
    const user = await userKeepingBytes();
    const bytes = await bigPhoto(22);
    const { res, url } = await createUpload(a, user.cookie, bytes.length, {
      filename: "two.jpg",
      filetype: "image/jpeg",
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = await patch(a, user.cookie, url!, 0, bytes.subarray(0, RESUMABLE_CHUNK_BYTES));
    expect(first.statusCode, first.body).toBe(204);

    // The next request lands on the other instance: it knows where the bytes end.
    expect(await offsetOf(b, user.cookie, url!)).toEqual({ status: 200, offset: RESUMABLE_CHUNK_BYTES });
    await sendInPieces(b, user.cookie, url!, bytes, RESUMABLE_CHUNK_BYTES, RESUMABLE_CHUNK_BYTES);

    const done = await result(b, user.cookie, url!);
    expect(done.statusCode, done.body).toBe(200);
    const { image } = resumableUploadResultSchema.parse(done.json());
    // Either instance answers the same, and serves the same bytes.
    expect((await result(a, user.cookie, url!)).json()).toEqual(done.json());
    const stored = await a.app.inject({ url: image.image_url, headers: { cookie: user.cookie } });
    expect(await samePixels(stored.rawPayload, bytes)).toBe(true);
    expect(await photoCount(a, user.id)).toBe(1);
    expect(await usedBytes(b, user.cookie)).toBe(stored.rawPayload.length);
    expect(await bucketContents(s3, "resumable/")).toEqual({ objects: [], multipart: [] });
    expect((await offsetOf(a, user.cookie, url!)).status).toBe(404);
  });
});

describe("face blurring with STORAGE=s3", () => {
  it("stores the photo blurred and leaves no unblurred copy anywhere in the bucket", async () => {
    const owner = await createSignedInUser(a); // blurFaces is on by default
    const photo = await astronautPhoto({ tag: "resumable-s3" });
    const { url } = await createUpload(a, owner.cookie, photo.length, {
      filename: "face.jpg",
      filetype: "image/jpeg",
    });
    const id = url!.split("/").pop()!;
    const half = Math.floor(photo.length / 2);
    expect((await patch(a, owner.cookie, url!, 0, photo.subarray(0, half))).statusCode).toBe(204);
    // Until the last byte, the unblurred bytes wait in the bucket (the short tail of a part)...
    expect((await bucketContents(s3, `resumable/${id}`)).objects).toEqual([
      `resumable/${id}.info`,
      `resumable/${id}.part`,
    ]);
    expect((await patch(a, owner.cookie, url!, half, photo.subarray(half))).statusCode).toBe(204);
    const done = await result(a, owner.cookie, url!);
    expect(done.statusCode, done.body).toBe(200);
    const { image } = resumableUploadResultSchema.parse(done.json());
    expect(image.privacy?.faces).toBeGreaterThan(0);

    // ...and once the photo is stored blurred, they are gone.
    expect(await bucketContents(s3, `resumable/${id}`)).toEqual({ objects: [], multipart: [] });
    const objects = createS3Storage(s3.storageOptions());
    const hashes: string[] = [];
    for await (const o of objects.list("")) {
      const body = await objects.read(o.key);
      if (body) hashes.push(sha256(await buffer(body)));
    }
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(sha256(photo));
  });
});
