import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers/app";

describe("serving the built web app", () => {
  let t: TestApp;
  let dist: string;
  beforeEach(async () => {
    // A stand-in build: the real one is large and made by `npm run build`.
    dist = await mkdtemp(path.join(os.tmpdir(), "poleatlas-web-"));
    await mkdir(path.join(dist, "assets"), { recursive: true });
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>PoleAtlas</title>");
    await writeFile(path.join(dist, "assets", "app-1234.js"), "console.log(1)");
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterEach(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("answers client routes with index.html so a reload keeps the page", async () => {
    for (const url of ["/", "/map", "/map?photo=abc", "/reset-password?token=x"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<title>PoleAtlas</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves hashed assets as immutable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("keeps JSON 404s for unknown API paths and missing assets", async () => {
    for (const url of ["/api/unknown", "/assets/missing.js"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found" });
    }
  });
});
