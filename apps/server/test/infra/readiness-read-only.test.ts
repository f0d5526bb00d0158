/** /api/ready looks at the storage; it must not create what it checks. */
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app";

describe("GET /api/ready with local storage", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it("is not ready when the bucket folder has gone, and leaves it gone", async () => {
    t = await buildTestApp();
    const bucketDir = path.join(t.dataDir, "files", "utility-poles");
    expect((await stat(bucketDir)).isDirectory()).toBe(true);
    await rm(bucketDir, { recursive: true });
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "not_ready", database: true, storage: false });
    expect(await stat(bucketDir).catch(() => null)).toBeNull();
  });
});
