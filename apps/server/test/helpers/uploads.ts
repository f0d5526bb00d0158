/** Multipart uploads and file listings for the photos API tests. */
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { storageUsageSchema } from "@poleatlas/shared";
import { padJpeg } from "@poleatlas/shared/testing";
import sharp from "sharp";
import { expect } from "vitest";
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

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What the signed-in user's storage card would show as used. */
export async function usedBytes(t: TestApp, cookie: string): Promise<number> {
  const res = await t.app.inject({ url: "/api/storage/usage", headers: { cookie } });
  return storageUsageSchema.parse(res.json()).usedBytes;
}

/** How many photos the user has stored, whatever the workspace. */
export async function photoCount(t: TestApp, userId: string): Promise<number> {
  const res = await t.db.database.db.execute(
    sql`SELECT count(*)::int AS n FROM utility_pole_images WHERE user_id = ${userId}`,
  );
  return (res.rows[0] as { n: number }).n;
}

/** Turns face blurring off in the user's workspace, so stored photos are the bytes sent. */
export async function keepPhotosAsSent(t: TestApp, cookie: string): Promise<void> {
  const off = await t.app.inject({
    method: "PUT",
    url: "/api/workspace/settings",
    headers: { cookie },
    payload: { blurFaces: false },
  });
  expect(off.statusCode, off.body).toBe(200);
}

/**
 * Two files hold the same picture, pixel for pixel: a stored photo is the upload without its
 * embedded images, its pixels as they came (infra/images/embedded-images.ts).
 */
export async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const raw = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
  return (await raw(a)).equals(await raw(b));
}

/**
 * A JPEG of exactly `bytes` bytes that carries no metadata: stored as sent (an upload strips only
 * metadata the product does not read, and this has none), so a quota's usage is the bytes sent.
 * `shade` makes each one's bytes differ from the others'.
 */
export async function plainJpegOf(bytes: number, shade: number): Promise<Buffer> {
  // Its size, not only its colour, tells it apart: close colours quantise to the same bytes.
  const size = { width: 16 + (shade % 200), height: 16 + (Math.floor(shade / 200) % 200) };
  const background = { r: (shade * 37) % 256, g: (shade * 91) % 256, b: 77 };
  const small = await sharp({ create: { ...size, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return padJpeg(small, bytes);
}
