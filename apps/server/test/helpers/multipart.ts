/**
 * Multipart bodies as a browser's FormData sends them: for the API tests and the ingest bench
 * (which must not load the test app, hence a file of its own).
 */
import { randomBytes } from "node:crypto";

export interface UploadOptions {
  filename?: string;
  contentType?: string;
  lastModified?: number | string;
  /** Send the file under another field name (or none at all with null). */
  fieldName?: string | null;
  /** More form fields, sent before the file (as the web app does), e.g. timezoneOffset. */
  fields?: Record<string, string>;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(bytes: Uint8Array, opts: UploadOptions = {}) {
  const boundary = `----poleatlas${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  if (opts.lastModified !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="lastModified"\r\n\r\n${opts.lastModified}\r\n`,
      ),
    );
  }
  for (const [name, value] of Object.entries(opts.fields ?? {})) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (opts.fieldName !== null) {
    const filename = opts.filename ?? "pole.jpg";
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${opts.fieldName ?? "file"}"; filename="${filename}"\r\n` +
          `Content-Type: ${opts.contentType ?? "image/jpeg"}\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
