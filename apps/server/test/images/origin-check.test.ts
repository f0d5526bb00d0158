/**
 * State-changing photo calls from a browser page of another origin are refused, even when it is
 * the same site (a sibling subdomain or another port would carry the Lax session cookie).
 */
import { imageCreatedSchema } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { filesDir, listFiles, multipartBody } from "../helpers/uploads";
import { TEST_ORIGIN } from "../helpers/users";

const EXTRA_ORIGIN = "http://tools.example.test:3000";

const t = useTestApp({ TRUSTED_ORIGINS: EXTRA_ORIGIN });
const user = useSignedInUser(t);

async function upload(origin: string | undefined, url = "/api/images") {
  const body = multipartBody((await makePhoto({})).bytes);
  return t.app.inject({
    method: "POST",
    url,
    headers: { cookie: user.cookie, "content-type": body.contentType, ...(origin ? { origin } : {}) },
    payload: body.payload,
  });
}

const remove = (id: string, origin?: string, prefix = "/api") =>
  t.app.inject({
    method: "DELETE",
    url: `${prefix}/images/${id}`,
    headers: { cookie: user.cookie, ...(origin ? { origin } : {}) },
  });

const count = async () =>
  (await t.app.inject({ method: "GET", url: "/api/images", headers: { cookie: user.cookie } })).json<{
    images: unknown[];
  }>().images.length;

describe("Origin on state-changing /api/* calls", () => {
  it("refuses an upload from a foreign origin with 403 invalid_origin, storing nothing", async () => {
    for (const origin of [
      "https://evil.example",
      "http://localhost:5173",
      "http://sub.localhost:8080",
      "null",
    ]) {
      const res = await upload(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json<{ code: string }>().code).toBe("invalid_origin");
    }
    expect(await count()).toBe(0);
    expect((await listFiles(filesDir(t))).filter((f) => f.includes(user.id))).toEqual([]);
  });

  it("accepts the app's own origin, a trusted extra one, and clients that send none", async () => {
    for (const origin of [TEST_ORIGIN, EXTRA_ORIGIN, undefined]) {
      expect((await upload(origin)).statusCode, String(origin)).toBe(201);
    }
    expect(await count()).toBe(3);
  });

  it("refuses a delete from a foreign origin and allows it from ours", async () => {
    const created = await upload(TEST_ORIGIN);
    const { image } = imageCreatedSchema.parse(created.json());
    const before = await count();
    const refused = await remove(image.id, "https://photos.evil.example");
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe("invalid_origin");
    expect(await count()).toBe(before);
    expect((await remove(image.id, TEST_ORIGIN)).statusCode).toBe(204);
    expect(await count()).toBe(before - 1);
  });

  it("checks the routed path, not the raw one: percent-encoded prefixes are refused too", async () => {
    const before = await count();
    for (const url of ["/%61pi/images", "/a%70i/images", "/%61%70%69/images", "/api/%69mages"]) {
      const res = await upload("http://localhost:5173", url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ code: string }>().code).toBe("invalid_origin");
    }
    expect(await count()).toBe(before);

    const { image } = imageCreatedSchema.parse((await upload(TEST_ORIGIN)).json());
    for (const prefix of ["/%61pi", "/a%70i"]) {
      const refused = await remove(image.id, "http://sub.localhost:8080", prefix);
      expect(refused.statusCode, prefix).toBe(403);
    }
    expect(await count()).toBe(before + 1);
    // The same encoded path from our own origin reaches the route as usual.
    expect((await remove(image.id, TEST_ORIGIN, "/%61pi")).statusCode).toBe(204);
    expect(await count()).toBe(before);
  });

  it("refuses a foreign origin on any state-changing method and path, unknown ones included", async () => {
    for (const [method, url] of [
      ["POST", "/files/utility-poles/x.jpg"],
      ["PUT", "/api/images"],
      ["PATCH", "/%61pi/images/abc"],
      ["POST", "/api/nothing-here"],
      ["POST", "/"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: user.cookie, origin: "https://evil.example" },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("leaves reads alone", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/storage/usage",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(200);
  });
});
