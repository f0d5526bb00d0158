/** Multipart uploads and file listings for the photos API tests. */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { TestApp } from "./app";
import { multipartBody, type UploadOptions } from "./multipart";

export { multipartBody, type UploadOptions } from "./multipart";

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
