import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers/app";
import { startTestS3 } from "./helpers/s3";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it("answers 200 while the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: true });
  });

  it("tags every answer with a request id", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/health" });
    const b = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "forged" },
    });
    expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers["x-request-id"]).not.toBe(a.headers["x-request-id"]);
  });

  it("answers 503 when the database is gone", async () => {
    await t.db.database.close();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ database: false });
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not_found" });
  });
});

describe("GET /api/ready", () => {
  it("is ready when the database and the storage answer", async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ready", database: true, storage: true });
    } finally {
      await t.close();
    }
  });

  it("is not ready when the S3 bucket is missing", async () => {
    const s3 = await startTestS3(["another-bucket"]);
    const t = await buildTestApp(s3.env("utility-poles"));
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "not_ready", database: true, storage: false });
    } finally {
      await t.close();
      await s3.close();
    }
  });

  it("is not ready when the database is gone", async () => {
    const t = await buildTestApp();
    try {
      await t.db.database.close();
      const res = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ database: false, storage: true });
    } finally {
      await t.close();
    }
  });
});
