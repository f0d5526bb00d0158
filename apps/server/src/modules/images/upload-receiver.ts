/**
 * Streams the multipart `file` part to a temp file under a byte limit. @fastify/multipart
 * truncates silently at its limit (PITFALLS.md), so the caller gets `truncated` to check; the
 * rest of an oversized body is drained, so the client still reads our answer.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { messages } from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import { badRequest } from "../../errors";

export interface ReceivedUpload {
  path: string;
  size: number;
  /** The file was longer than the limit: `path` holds only its first `limit` bytes. */
  truncated: boolean;
  filename: string;
  /** The other form fields (strings only). */
  fields: Record<string, string>;
}

export async function receiveUpload(
  req: FastifyRequest,
  opts: { tmpDir: string; maxBytes: number },
): Promise<ReceivedUpload | null> {
  await mkdir(opts.tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: ReceivedUpload | null = null;
  const parts = req.parts({
    limits: { fileSize: opts.maxBytes, fields: 20, fieldSize: 4096, parts: 30 },
  });
  let written: string | null = null;
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || written) {
        part.file.resume(); // one photo per request: anything else is read and dropped
        continue;
      }
      written = path.join(opts.tmpDir, `upload-${randomUUID()}`);
      await pipeline(part.file, createWriteStream(written, { flags: "wx" }));
      received = {
        path: written,
        size: (await stat(written)).size,
        truncated: part.file.truncated,
        filename: part.filename,
        fields,
      };
    }
  } catch (err) {
    // An aborted or malformed request leaves no temp file behind.
    if (written) await unlink(written).catch(() => {});
    throw isClientBodyError(err) ? badRequest(messages.uploadFailed) : err;
  }
  return received;
}

/**
 * The multipart parser (busboy) complains about a broken body (no boundary, cut off, bad part
 * headers) with plain Errors that carry no status, and an aborted request ends the stream early:
 * both are the client's doing, a 400. Our own disk's errors (they name a syscall), errors that
 * already carry a status, and programming errors (TypeError…) stay as they are.
 */
function isClientBodyError(err: unknown): boolean {
  if (!(err instanceof Error) || "statusCode" in err || "syscall" in err) return false;
  if ("code" in err && err.code === "ERR_STREAM_PREMATURE_CLOSE") return true;
  return Object.getPrototypeOf(err) === Error.prototype;
}
