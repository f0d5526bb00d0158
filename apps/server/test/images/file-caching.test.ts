/**
 * Photos in the browser's cache after Logout: /files/* may be kept but never used without asking
 * the server (no-cache + ETag, so the owner check runs each time), and the sign-out answer tells
 * the browser to drop its HTTP cache.
 */
import { imageCreatedSchema, messages, type ImageRecord } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import { createSignedInUser, TEST_ORIGIN } from "../helpers/users";

let photo: ImageRecord;
const t = useTestApp();
const alice = useSignedInUser(t);
beforeAll(async () => {
  const { bytes } = await makePhoto({ dateTimeOriginal: "2024:04:01 12:00:00" });
  photo = imageCreatedSchema.parse((await upload(t, alice.cookie, bytes)).json()).image;
});

const getFile = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url, headers });

describe("GET /files/<key> caching", () => {
  it("answers private, no-cache with an ETag, and 304 to the owner's current copy", async () => {
    for (const url of [photo.image_url, photo.thumbnail_url]) {
      const first = await getFile(url, { cookie: alice.cookie });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers["cache-control"]).toBe("private, no-cache");
      const etag = first.headers.etag;
      expect(etag, url).toMatch(/^(W\/)?"[^"]+"$/);

      const again = await getFile(url, { cookie: alice.cookie, "if-none-match": String(etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe("private, no-cache");

      const stale = await getFile(url, { cookie: alice.cookie, "if-none-match": '"something-else"' });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it("revalidating without the session is refused, not a 304", async () => {
    const first = await getFile(photo.image_url, { cookie: alice.cookie });
    const etag = String(first.headers.etag);
    for (const headers of [{ "if-none-match": etag }, { "if-none-match": "*" }]) {
      const res = await getFile(photo.image_url, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: "unauthorized", message: messages.notAuthenticated });
    }
  });
});

describe("sign-out", () => {
  it("clears the browser's HTTP cache, and the old cookie revalidates to 401", async () => {
    const bob = await createSignedInUser(t);
    const { bytes } = await makePhoto({
      dateTimeOriginal: "2024:05:01 12:00:00",
      color: { r: 9, g: 99, b: 199 },
    });
    const own = imageCreatedSchema.parse((await upload(t, bob.cookie, bytes)).json()).image;
    const etag = String((await getFile(own.image_url, { cookie: bob.cookie })).headers.etag);

    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: bob.cookie, origin: TEST_ORIGIN },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.headers["clear-site-data"]).toBe('"cache"');

    const after = await getFile(own.image_url, { cookie: bob.cookie, "if-none-match": etag });
    expect(after.statusCode).toBe(401);
  });
});
