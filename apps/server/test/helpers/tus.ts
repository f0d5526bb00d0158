/** The tus protocol (1.0.0) by hand, against /api/uploads, for the resumable upload tests. */
import type { TestApp } from "./app";
import { openRequest } from "./raw-http";

export const TUS = { "tus-resumable": "1.0.0" };

/** Upload-Metadata: `key base64(value)` pairs, comma-separated. */
export const uploadMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

export async function createUpload(
  t: TestApp,
  cookie: string,
  length: number,
  fields: Record<string, string> = { filename: "pole.jpg", filetype: "image/jpeg" },
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      ...TUS,
      cookie,
      "upload-length": String(length),
      "upload-metadata": uploadMetadata(fields),
      ...headers,
    },
  });
  const location = res.headers.location;
  return { res, url: typeof location === "string" ? location : null };
}

export async function offsetOf(t: TestApp, cookie: string, url: string) {
  const res = await t.app.inject({ method: "HEAD", url, headers: { ...TUS, cookie } });
  return { status: res.statusCode, offset: Number(res.headers["upload-offset"]) };
}

export function patch(t: TestApp, cookie: string, url: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: "PATCH",
    url,
    headers: {
      ...TUS,
      cookie,
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
    },
    payload: bytes,
  });
}

/**
 * A PATCH from offset 0 announcing the whole photo whose link drops after `cut` body bytes: the
 * socket stays open until the caller destroys it (the server keeps what it read by then).
 */
export function cutPatch(baseUrl: string, cookie: string, url: string, bytes: Buffer, cut: number) {
  return openRequest(
    baseUrl,
    {
      method: "PATCH",
      path: url,
      cookie,
      headers: {
        ...TUS,
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(bytes.length),
      },
      body: bytes,
    },
    cut,
  );
}
