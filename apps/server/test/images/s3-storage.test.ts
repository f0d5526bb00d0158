/** The photos API with STORAGE=s3 against an S3-protocol server (s3rver) on 127.0.0.1. */
import { imageCreatedSchema, imageListSchema, messages } from "@poleatlas/shared";
import { HEMISPHERES, makePhoto } from "@poleatlas/shared/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../../src/infra/storage/s3-storage";
import type { Storage } from "../../src/infra/storage/storage";
import { buildTestApp, type TestApp } from "../helpers/app";
import { startTestS3, type TestS3 } from "../helpers/s3";
import { listFiles, samePixels, tmpDir, upload } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3(["utility-poles"]);
});
afterAll(async () => {
  await s3?.close();
});

const keyOf = (url: string) => url.replace(/^\/files\//, "");

async function stored(storage: Storage, key: string): Promise<boolean> {
  for await (const o of storage.list(key)) if (o.key === key) return true;
  return false;
}

describe("photos on S3", () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it("uploads, redirects /files to a signed URL serving the same bytes, and deletes both objects", async () => {
    t = await buildTestApp({ ...s3.env(), S3_SERVE: "redirect" });
    const user = await createSignedInUser(t);
    const { bytes, expected } = await makePhoto({
      gps: HEMISPHERES["S/E (Sydney)"],
      width: 800,
      height: 600,
    });
    const res = await upload(t, user.cookie, bytes, { filename: "s3.jpg" });
    expect(res.statusCode, res.body).toBe(201);
    const { image } = imageCreatedSchema.parse(res.json());
    expect(image.latitude).toBe(expected.latitude);

    const objects = createS3Storage(s3.storageOptions());
    expect(await stored(objects, keyOf(image.image_url))).toBe(true);
    expect(await stored(objects, keyOf(image.thumbnail_url))).toBe(true);

    const redirect = await t.app.inject({ url: image.image_url, headers: { cookie: user.cookie } });
    expect(redirect.statusCode).toBe(302);
    const location = String(redirect.headers.location);
    expect(location.startsWith(`${s3.endpoint}/utility-poles/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=300/);
    const file = await fetch(location);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("cache-control")).toBe("private, no-cache");
    expect(await samePixels(Buffer.from(await file.arrayBuffer()), bytes)).toBe(true);

    // Someone else gets no redirect at all.
    const other = await createSignedInUser(t);
    expect((await t.app.inject({ url: image.image_url, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );

    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/images/${image.id}`,
      headers: { cookie: user.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect(await stored(objects, keyOf(image.image_url))).toBe(false);
    expect(await stored(objects, keyOf(image.thumbnail_url))).toBe(false);
  });

  it("proxy mode streams the object itself", async () => {
    const proxied = await buildTestApp({ ...s3.env(), S3_SERVE: "proxy" });
    try {
      const user = await createSignedInUser(proxied);
      const { bytes } = await makePhoto({ format: "png" });
      const { image } = imageCreatedSchema.parse(
        (await upload(proxied, user.cookie, bytes, { filename: "p.png" })).json(),
      );
      const res = await proxied.app.inject({ url: image.image_url, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(await samePixels(res.rawPayload, bytes)).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it("a missing bucket answers 'Storage bucket not found…' and leaves no row", async () => {
    const missing = await buildTestApp(s3.env("no-such-bucket"));
    try {
      const user = await createSignedInUser(missing);
      const res = await upload(missing, user.cookie, (await makePhoto({})).bytes);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: "bucket_missing", message: messages.bucketMissing });
      const list = await missing.app.inject({ url: "/api/images", headers: { cookie: user.cookie } });
      expect(imageListSchema.parse(list.json()).images).toEqual([]);
      expect(await listFiles(tmpDir(missing))).toEqual([]);
      expect((await missing.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await missing.close();
    }
  });
});
