/**
 * The least an upload costs on this machine: Fastify with @fastify/multipart and the server's own
 * receiver (hashed temp file, byte budget) and thumbnail step, and nothing else: no session, no
 * quota, no database, no storage. Started by bench/ingest.ts as a child process (PORT, DIR); it
 * prints "ready" once it listens. What an upload can reach against sharp alone is bounded by this.
 */
import { unlink } from "node:fs/promises";
import fastifyMultipart from "@fastify/multipart";
import Fastify from "fastify";
import { createImageProcessor } from "../../apps/server/src/infra/images/image-processor";
import { createTempFiles } from "../../apps/server/src/infra/uploads/temp-files";
import { receiveUpload } from "../../apps/server/src/modules/uploads/upload-receiver";

const temp = createTempFiles(process.env.DIR ?? "");
const images = createImageProcessor();
const app = Fastify({ bodyLimit: 1 << 20 });
await app.register(fastifyMultipart, { throwFileSizeLimit: false });
app.post("/api/images", async (req, reply) => {
  const received = await receiveUpload(req, { temp, maxBytes: 1 << 30, take: () => true });
  if (!received) return reply.status(400).send();
  const thumb = await temp.newPath("thumb");
  await images.thumbnail(received.path, thumb);
  await Promise.all([unlink(received.path), unlink(thumb)]);
  return reply.status(201).send({ image: { sha256: received.sha256 } });
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
console.log("ready");
