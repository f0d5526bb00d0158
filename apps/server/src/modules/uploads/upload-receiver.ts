/**
 * Streams the multipart `file` part to a temp file, hashing it on the way (never read back: that
 * second read queued behind the thumbnails, docs/benchmarks.md "Ingest"), under two byte limits: the
 * upload's own (the remaining quota; @fastify/multipart truncates silently there and sets `truncated`)
 * and the user's in-flight total (`take`). Either way the caller gets `truncated` to check, and the rest of the
 * body is read and dropped, so the client still reads our answer.
 *
 * Errors: a broken body (cut off, no boundary, bad part) is the client's fault, a 400; a client
 * that went away or a request timeout is expected, logged once at info without a stack; multipart
 * limits keep their own 4xx; anything else (our disk, our bugs) stays as it is: a logged 500.
 */
import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { messages } from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import { badRequest } from "../../errors";
import { writeTemp, type TempFiles } from "../../infra/uploads/temp-files";

export interface ReceivedUpload {
  path: string;
  size: number;
  /** SHA-256 (hex) of what `path` holds, taken on the way to disk (duplicates are found by it). */
  sha256: string;
  /** The file was longer than a limit allowed: `path` holds only its first part. */
  truncated: boolean;
  filename: string;
  /** The other form fields (strings only). */
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  temp: TempFiles;
  /** The most this one file may be. */
  maxBytes: number;
  /** Counts received bytes against the user's in-flight total; false stops writing (truncated). */
  take: (n: number) => boolean;
}

export async function receiveUpload(
  req: FastifyRequest,
  opts: ReceiveOptions,
): Promise<ReceivedUpload | null> {
  const fields: Record<string, string> = {};
  let received: ReceivedUpload | null = null;
  // The multipart reader learns of a client gone from the request's `close`, which it listens
  // for only from here on: a phone that dropped the upload during the session and quota checks
  // has fired it already, and the reader would wait for the rest of the body forever (with the
  // user's upload slot). Such a request ends here instead.
  if (req.raw.destroyed) {
    req.log.info({ reason: "closed" }, "upload ended early: the client went away before its body was read");
    throw badRequest(messages.uploadFailed);
  }
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
      written = await opts.temp.newPath("upload");
      let overBudget = false;
      const hash = createHash("sha256");
      const budget = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (!overBudget && opts.take(chunk.length)) {
            hash.update(chunk);
            return done(null, chunk);
          }
          overBudget = true;
          done(); // keep reading the body, write nothing more
        },
      });
      await writeTemp(opts.temp, written, part.file, budget);
      received = {
        path: written,
        size: await opts.temp.size(written),
        sha256: hash.digest("hex"),
        truncated: part.file.truncated || overBudget,
        filename: part.filename,
        fields,
      };
    }
  } catch (err) {
    // An aborted or malformed request leaves no temp file behind.
    if (written) await opts.temp.remove(written).catch(() => {});
    if (isAbort(err, req)) {
      req.log.info(
        { reason: errorCode(err) },
        "upload ended early: the client went away or the request timed out",
      );
      throw badRequest(messages.uploadFailed);
    }
    throw isMalformedBody(err) ? badRequest(messages.uploadFailed) : err;
  }
  return received;
}

const ABORT_CODES = new Set([
  "ERR_STREAM_PREMATURE_CLOSE",
  "FST_MP_PREMATURE_CLOSE",
  "ECONNRESET",
  "ECONNABORTED",
]);

const errorCode = (err: unknown): string | undefined =>
  typeof err === "object" && err !== null && "code" in err && typeof err.code === "string"
    ? err.code
    : undefined;

/** The client closed the connection, or Node cut it at the request timeout. */
function isAbort(err: unknown, req: FastifyRequest): boolean {
  if (req.raw.destroyed || req.raw.socket?.destroyed) return true;
  const code = errorCode(err);
  return (code !== undefined && ABORT_CODES.has(code)) || (err instanceof Error && err.message === "aborted");
}

/** What the multipart parser (busboy) says about a broken body: plain Errors with these texts. */
const MALFORMED = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed part header$/,
];

function isMalformedBody(err: unknown): boolean {
  return err instanceof Error && MALFORMED.some((re) => re.test(err.message));
}
