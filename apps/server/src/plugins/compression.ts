import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Below this a JSON answer goes out as it is: compressing it would save less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Above this the fastest levels: a region of 100k poles is ~6 MB of JSON, which brotli 4 took
 * ~0.5 s to squeeze to 2.6 MB and brotli 1 ~0.1 s to 2.8 MB (measured here on a region of 100k poles).
 */
const LARGE_BYTES = 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = "br" | "gzip";

/** The encoding to send for an Accept-Encoding header: brotli first, q=0 refuses, `*` counts. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get("*") ?? 0;
  const best = (["br", "gzip"] as const).reduce((a, b) => (weight(b) > weight(a) ? b : a));
  return weight(best) > 0 ? best : null;
}

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader("vary");
  const fields = String(current ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.some((f) => f === "*" || f.toLowerCase() === field.toLowerCase())) return;
  reply.header("vary", [...fields, field].join(", "));
}

function compress(encoding: Encoding, body: Buffer): Promise<Buffer> {
  const large = body.byteLength > LARGE_BYTES;
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: large ? 1 : 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzip(body, { level: large ? 1 : 6 });
}

/**
 * Compresses JSON answers (brotli or gzip by Accept-Encoding, in libuv's thread pool, with Vary:
 * Accept-Encoding). Only payloads that reach onSend as a string are touched: Fastify's serialized
 * JSON and JSON written by SQL. Streams and Buffers pass as they are, so the web build's
 * precompressed files, photos under /files/ and the streamed exports (GET /api/export: a download
 * written row by row at the client's pace; compressing it would spend the shared cores on a file
 * the user saves) are never compressed here. Hand-written rather than @fastify/compress, which
 * would compress those streams too unless each route opted out.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (req, reply, payload) => {
    if (typeof payload !== "string" || reply.getHeader("content-encoding") !== undefined) return payload;
    if (!String(reply.getHeader("content-type") ?? "").includes("json")) return payload;
    // UTF-16 length never exceeds the UTF-8 byte length, so short strings skip the byte count.
    if (payload.length < COMPRESS_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES)
      return payload;
    addVary(reply, "Accept-Encoding");
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return payload;
    const body = await compress(encoding, Buffer.from(payload));
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return body;
  });
}
