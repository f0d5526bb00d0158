/** Multipart uploads and file listings for the photos API tests. */
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { TestApp } from "./app";

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

/** The same upload over real HTTP, for tests of concurrent requests on a listening app. */
export async function uploadOverHttp(
  baseUrl: string,
  cookie: string,
  bytes: Uint8Array,
  filename: string,
  opts: UploadOptions = {},
) {
  const body = multipartBody(bytes, { filename, ...opts });
  const res = await fetch(`${baseUrl}/api/images`, {
    method: "POST",
    headers: { cookie, "content-type": body.contentType },
    body: body.payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function upload(t: TestApp, cookie: string | null, bytes: Uint8Array, opts: UploadOptions = {}) {
  const body = multipartBody(bytes, opts);
  return t.app.inject({
    method: "POST",
    url: "/api/images",
    headers: { "content-type": body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** Every file under a folder (relative paths), [] when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

export const filesDir = (t: TestApp) => path.join(t.dataDir, "files");
export const tmpDir = (t: TestApp) => path.join(t.dataDir, "tmp");
