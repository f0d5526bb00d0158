/**
 * The upload receiver alone on a bare Fastify app (multipart and our error handler): POST /upload
 * answers what it received (size, the digest taken on the way, the digest of what is on disk)
 * and removes the temp file. `logStream` takes the app's log lines as JSON.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Writable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import type { TempFiles } from "../../src/infra/uploads/temp-files";
import { receiveUpload } from "../../src/modules/uploads/upload-receiver";
import { registerErrorHandler } from "../../src/plugins/error-handler";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export async function receiverApp(temp: TempFiles, logStream?: Writable): Promise<FastifyInstance> {
  const app = Fastify(logStream ? { logger: { level: "info", stream: logStream } } : {});
  registerErrorHandler(app);
  await app.register(fastifyMultipart);
  app.post("/upload", async (req) => {
    const received = await receiveUpload(req, { temp, maxBytes: 50_000_000, take: () => true });
    const onDisk = received ? sha256(await readFile(received.path)) : null;
    await temp.remove(received?.path ?? "");
    return { size: received?.size ?? null, sha256: received?.sha256 ?? null, onDisk };
  });
  return app;
}

/** A body POSTed to the receiver app. */
export const postUpload = (app: FastifyInstance, payload: Buffer, contentType: string) =>
  app.inject({ method: "POST", url: "/upload", payload, headers: { "content-type": contentType } });
