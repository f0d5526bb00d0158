/**
 * JSON answers over 1 KB go out brotli or gzip by Accept-Encoding (plugins/compression.ts); small
 * ones, the web build's files, photos and exports are left as they are.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { imageListSchema, poleMarkersSchema, regionKey } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickEncoding } from "../src/plugins/compression";
import { useSignedInUser, useTestApp } from "./helpers/setup";
import { placedPhoto } from "./poles/support";

let root: string;
const REGION = regionKey(10.1, 45.1);
/** A static file with no precompressed copy, larger than the threshold. */
const DATA_FILE = JSON.stringify({ rows: Array.from({ length: 400 }, (_, i) => `row ${i}`) });
const APP_JS = `export const rows = ${JSON.stringify(Array(400).fill("app"))};\n`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "poleatlas-json-z-"));
  await mkdir(path.join(root, "assets"), { recursive: true });
  await writeFile(path.join(root, "index.html"), "<!doctype html><title>PoleAtlas</title>");
  await writeFile(path.join(root, "assets/data-1234.json"), DATA_FILE);
  await writeFile(path.join(root, "assets/app-1234.js"), APP_JS);
  await writeFile(path.join(root, "assets/app-1234.js.br"), brotliCompressSync(APP_JS));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
const t = useTestApp(() => ({ WEB_DIST_DIR: root }));
const user = useSignedInUser(t);
beforeAll(async () => {
  // 200 poles in one region: a JSON answer of ~10 KB.
  await t.db.database.db.execute(sql`INSERT INTO utility_poles (workspace_id, latitude, longitude)
    SELECT ${user.id}, 45.06 + i * 0.0003, 10.07 FROM generate_series(1, 200) AS i`);
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { cookie: user.cookie, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
  });

describe("JSON answers", () => {
  it("come brotli-compressed when the browser accepts it, gzip when only that, with Vary", async () => {
    const plain = await get(`/api/poles?region=${REGION}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(5000);
    expect(poleMarkersSchema.parse(plain.json()).ids).toHaveLength(200);

    const br = await get(`/api/poles?region=${REGION}`, "gzip, deflate, br, zstd");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["vary"]).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get(`/api/poles?region=${REGION}`, "gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // Serialized by Fastify rather than written by SQL: the same.
    await placedPhoto(t, user.cookie, 45.2, 10.2);
    await placedPhoto(t, user.cookie, 45.2, 10.2005);
    await placedPhoto(t, user.cookie, 45.2, 10.201);
    const images = await get(`/api/images?region=${regionKey(10.2, 45.2)}`, "br");
    expect(images.headers["content-encoding"]).toBe("br");
    const listed = imageListSchema.parse(JSON.parse(brotliDecompressSync(images.rawPayload).toString()));
    expect(listed.images).toHaveLength(3);
  });

  it("go out plain when the client refuses or names no encoding we have", async () => {
    for (const accept of ["identity", "zstd", "br;q=0, gzip;q=0", "*;q=0"]) {
      const res = await get(`/api/poles?region=${REGION}`, accept);
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      expect(poleMarkersSchema.parse(res.json()).ids, accept).toHaveLength(200);
    }
  });

  it("below 1 KB are never compressed", async () => {
    const res = await get("/api/storage/usage", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toHaveProperty("usedBytes");
  });
});

describe("answers that are not compressed here", () => {
  it("the web build's files: the precompressed copy as before, and a file without one as it is", async () => {
    const js = await get("/assets/app-1234.js", "br, gzip");
    expect(js.headers["content-encoding"]).toBe("br");
    expect(Number(js.headers["content-length"])).toBe(js.rawPayload.length);
    expect(brotliDecompressSync(js.rawPayload).toString()).toBe(APP_JS);

    const data = await get("/assets/data-1234.json", "br, gzip");
    expect(data.statusCode).toBe(200);
    expect(data.headers["content-encoding"]).toBeUndefined();
    expect(Number(data.headers["content-length"])).toBe(Buffer.byteLength(DATA_FILE));
    expect(data.body).toBe(DATA_FILE);
  });

  it("photos under /files/ and a streamed export", async () => {
    const photo = await placedPhoto(t, user.cookie, 45.3, 10.3);
    // Enough rows for an export over the 1 KB threshold.
    for (const lon of [10.31, 10.32, 10.33, 10.34]) await placedPhoto(t, user.cookie, 45.3, lon);
    for (const url of [photo.image_url, photo.thumbnail_url]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBeUndefined();
      expect(res.headers["content-type"], url).toMatch(/^image\//);
    }
    const csv = await get("/api/export?format=csv", "br, gzip");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-encoding"]).toBeUndefined();
    expect(csv.body.split("\n")[0]).toMatch(/^id,/);
    expect(csv.rawPayload.length).toBeGreaterThan(1024);
    const geojson = await get("/api/export?format=geojson", "br, gzip");
    expect(geojson.headers["content-encoding"]).toBeUndefined();
    expect(geojson.json<{ features: unknown[] }>().features.length).toBeGreaterThan(3);
  });
});

describe("pickEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br, zstd", "br"],
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["BR", "br"],
    ["*", "br"],
    ["gzip;q=0, *", "br"],
    ["br;q=0, *;q=0.1", "gzip"],
    ["identity", null],
    ["br;q=0, gzip;q=0", null],
  ])("%j → %j", (header, want) => {
    expect(pickEncoding(header)).toBe(want);
  });
});
