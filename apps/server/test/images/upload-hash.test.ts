/**
 * The receiver hashes the upload on its way to the temp file (duplicates are found by it), so the
 * file is never read back for it: the digest it hands over is the one of the bytes sent, over a
 * body long enough to arrive in many chunks.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempFiles } from "../../src/infra/uploads/temp-files";
import { noisyJpeg } from "../helpers/photos";
import { postUpload, receiverApp, sha256 } from "../helpers/receiver-app";
import { listFiles, multipartBody } from "../helpers/uploads";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-upload-hash-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("upload receiver", () => {
  it("hands over the SHA-256 of the bytes sent, taken while they were written", async () => {
    const app = await receiverApp(createTempFiles(path.join(dir, "tmp")));
    const bytes = await noisyJpeg({ width: 1200, height: 900, sigma: 40, quality: 90 });
    expect(bytes.length).toBeGreaterThan(256 * 1024); // many chunks of the body, not one
    const { payload, contentType } = multipartBody(bytes, { lastModified: 1_700_000_000_000 });
    const res = await postUpload(app, payload, contentType);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sha256: sha256(bytes), onDisk: sha256(bytes), size: bytes.length });
    expect(await listFiles(path.join(dir, "tmp"))).toEqual([]);
    await app.close();
  });
});
