/**
 * The receiver hashes the upload on its way to the temp file (duplicates are found by it), so the
 * file is never read back for it: the digest it hands over is the one of the bytes sent, over a
 * body long enough to arrive in many chunks.
 */
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import Fastify from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempFiles } from "../../src/infra/uploads/temp-files";
import { receiveUpload } from "../../src/modules/images/upload-receiver";
import { listFiles, multipartBody } from "../helpers/uploads";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-upload-hash-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("upload receiver", () => {
  it("hands over the SHA-256 of the bytes sent, taken while they were written", async () => {
    const temp = createTempFiles(path.join(dir, "tmp"));
    const app = Fastify();
    await app.register(fastifyMultipart);
    app.post("/upload", async (req) => {
      const received = await receiveUpload(req, { temp, maxBytes: 50_000_000, take: () => true });
      const onDisk = received ? sha256(await readFile(received.path)) : null;
      await temp.remove(received?.path ?? "");
      return { sha256: received?.sha256 ?? null, onDisk, size: received?.size ?? null };
    });
    const bytes = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(256 * 1024); // many chunks of the body, not one
    const { payload, contentType } = multipartBody(bytes, { lastModified: 1_700_000_000_000 });
    const res = await app.inject({
      method: "POST",
      url: "/upload",
      payload,
      headers: { "content-type": contentType },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sha256: sha256(bytes), onDisk: sha256(bytes), size: bytes.length });
    expect(await listFiles(path.join(dir, "tmp"))).toEqual([]);
    await app.close();
  });
});
