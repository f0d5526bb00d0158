/**
 * Security headers on every kind of answer: the SPA's HTML and assets, JSON from /api/*, photo
 * files and the dev mailbox. API answers are never cached; files and assets keep their caching.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { imageCreatedSchema } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_MAILBOX_URL, type TestApp } from "./helpers/app";
import { startTestS3 } from "./helpers/s3";
import { upload } from "./helpers/uploads";
import { createSignedInUser, type SignedInUser } from "./helpers/users";

let t: TestApp;
let dist: string;
let user: SignedInUser;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "poleatlas-web-"));
  await mkdir(path.join(dist, "assets"), { recursive: true });
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>PoleAtlas</title>");
  await writeFile(path.join(dist, "assets", "app-1234.js"), "console.log(1)");
  t = await buildTestApp({ WEB_DIST_DIR: dist, DEV_MAILBOX: "true" });
  user = await createSignedInUser(t);
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {}, remoteAddress: "127.0.0.1" });

function directives(csp: unknown): Map<string, string[]> {
  expect(typeof csp).toBe("string");
  return new Map(
    String(csp)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  const csp = directives(headers["content-security-policy"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
}

describe("security headers", () => {
  it("puts the app's policy on HTML, assets and API answers", async () => {
    for (const url of ["/", "/map", "/assets/app-1234.js", "/api/health", "/api/images", "/api/nope"]) {
      const res = await get(url, user.cookie);
      expectCommonHeaders(res.headers, url);
      const csp = directives(res.headers["content-security-policy"]);
      expect(csp.get("default-src"), url).toEqual(["'self'"]);
      // 'unsafe-eval' for Cesium's Knockout bindings (see security-headers.ts); never 'unsafe-inline'.
      expect(csp.get("script-src"), url).toEqual(["'self'", "'unsafe-eval'"]);
      expect(csp.get("script-src-attr"), url).toEqual(["'none'"]);
      expect(csp.get("object-src"), url).toEqual(["'none'"]);
      expect(csp.get("worker-src"), url).toEqual(["'self'", "blob:"]);
      expect(csp.get("img-src"), url).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
      // Plain http (localhost, a LAN address) must not be upgraded to an https that is not there.
      expect(csp.has("upgrade-insecure-requests"), url).toBe(false);
    }
  });

  it("lets the configured imagery hosts in, and upgrades requests under an https PUBLIC_URL", async () => {
    const other = await buildTestApp({
      PUBLIC_URL: "https://atlas.example.test",
      CSP_IMAGERY_ORIGINS: "https://tiles.example.test/base/, https://wms.example.test:8443",
    });
    try {
      const res = await other.app.inject({ method: "GET", url: "/api/health" });
      const csp = directives(res.headers["content-security-policy"]);
      for (const name of ["img-src", "connect-src"]) {
        expect(csp.get(name)).toEqual(
          expect.arrayContaining(["https://tiles.example.test", "https://wms.example.test:8443"]),
        );
      }
      expect(csp.has("upgrade-insecure-requests")).toBe(true);
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+$/);
    } finally {
      await other.close();
    }
  });

  it("answers /api/* with Cache-Control: no-store, however the path is spelled", async () => {
    for (const url of ["/api/health", "/api/images", "/%61pi/images", "/api/storage/usage", "/api/nope"]) {
      expect((await get(url, user.cookie)).headers["cache-control"], url).toBe("no-store");
    }
    const session = await get("/api/auth/get-session", user.cookie);
    expect(session.headers["cache-control"]).toBe("no-store");
  });

  it("keeps photo files private and revalidated, and static assets cached", async () => {
    const res = await upload(t, user.cookie, (await makePhoto({})).bytes);
    const { image } = imageCreatedSchema.parse(res.json());
    const file = await get(image.image_url, user.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers["cache-control"]).toBe("private, no-cache");
    expectCommonHeaders(file.headers, "file");
    expect((await get("/assets/app-1234.js")).headers["cache-control"]).toContain("immutable");
    expect((await get("/map")).headers["cache-control"]).toBe("no-cache");
  });

  it("allows the bucket's host when /files redirects photos there (S3_SERVE=redirect)", async () => {
    const s3 = await startTestS3();
    const other = await buildTestApp({ ...s3.env(), S3_SERVE: "redirect" });
    try {
      const owner = await createSignedInUser(other);
      const res = await upload(other, owner.cookie, (await makePhoto({})).bytes);
      const { image } = imageCreatedSchema.parse(res.json());
      const file = await other.app.inject({
        method: "GET",
        url: image.image_url,
        headers: { cookie: owner.cookie },
      });
      expect(file.statusCode).toBe(302);
      const target = new URL(String(file.headers.location)).origin;
      const csp = directives(file.headers["content-security-policy"]);
      expect(csp.get("img-src")).toContain(target);
      expect(csp.get("connect-src")).toContain(target);
    } finally {
      await other.close();
      await s3.close();
    }
  });

  it("gives the dev mailbox its own strict policy that still allows its inline style and icon", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: TEST_MAILBOX_URL,
      headers: { host: "localhost:8080" },
    });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, "/dev/mail");
    const csp = directives(res.headers["content-security-policy"]);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("img-src")).toEqual(["data:"]);
    expect(csp.get("style-src")).toEqual(["'unsafe-inline'"]);
  });
});
