/**
 * Photos to measure on: a synthetic pole and stick seen by a known pinhole camera, the photo's
 * EXIF (bearing, focal length) written by exiftool, so the server's own EXIF reader reads it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { imageResponseSchema, type ImageRecord } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { upload } from "../helpers/uploads";
import { TEST_ORIGIN } from "../helpers/users";

const run = promisify(execFile);

/** A photo sized as the camera's, at the pole's place, with exiftool's tags in it. */
export async function measurablePhoto(
  t: TestApp,
  cookie: string,
  opts: { width: number; height: number; tags?: Record<string, string | number> },
): Promise<ImageRecord> {
  const { bytes } = await makePhoto({
    width: opts.width,
    height: opts.height,
    gps: { latitude: 47.5, longitude: 8.5 },
  });
  let tagged = bytes;
  if (opts.tags) {
    const dir = await mkdtemp(path.join(tmpdir(), "measure-"));
    try {
      const file = path.join(dir, "photo.jpg");
      await writeFile(file, bytes);
      const args = Object.entries(opts.tags).map(([k, v]) => `-${k}=${v}`);
      await run("exiftool", ["-q", "-overwrite_original", ...args, file]);
      tagged = await readFile(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const res = await upload(t, cookie, tagged);
  expect(res.statusCode, res.body).toBe(201);
  return imageResponseSchema.parse(res.json()).image;
}

export function send(
  t: TestApp,
  cookie: string,
  method: "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
