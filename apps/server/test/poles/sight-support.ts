/**
 * A pole register and photos of it taken where crews stand, for the line-of-sight tests. The
 * cameras' places are computed on the sphere from the pole (destination, forward azimuth in
 * locate-support.ts), and exiftool writes their GPS position, compass bearing and 35 mm focal
 * length into plain JPEGs: the server reads them as it reads a phone's.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { imageUploadResponseSchema, type ImagePatch } from "@poleatlas/shared";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { upload } from "../helpers/uploads";
import type { SignedInUser } from "../helpers/users";
import { imported, polesOf } from "./import-support";
import { destination, writeShots, type Place, type Shot } from "./locate-support";
import { patchImage } from "./support";

const run = promisify(execFile);

/** The register: one CSV row per pole, imported; answers each pole's id by tag. */
export async function register(
  t: TestApp,
  who: SignedInUser,
  poles: Record<string, Place>,
): Promise<Record<string, string>> {
  const rows = Object.entries(poles).map(([tag, p]) => `${tag},${p.latitude},${p.longitude}`);
  await imported(t, who, ["tag,lat,lon", ...rows].join("\n"));
  const stored = await polesOf(t, who.id);
  return Object.fromEntries(stored.filter((p) => p.tag !== null).map((p) => [p.tag!, p.id]));
}

/** A camera `metres` from `pole` on the side `side` (degrees from north), as a place. */
export const standing = (pole: Place, side: number, metres: number): Place => destination(pole, side, metres);

let made = 0;
/**
 * Writes one photo per camera (heading null: no GPSImgDirection) and answers their files. The
 * files are 600×400 with FocalLengthIn35mmFormat 28 (locate-support.ts).
 */
export async function photos(
  dir: string,
  cameras: { at: Place; heading: number | null }[],
): Promise<string[]> {
  const shots: Shot[] = cameras.map((c) => ({
    file: path.join(dir, `sight-${++made}.jpg`),
    latitude: c.at.latitude,
    longitude: c.at.longitude,
    heading: c.heading ?? 0,
    x: 0,
  }));
  await writeShots(dir, shots);
  const bearingless = cameras.flatMap((c, i) => (c.heading === null ? [shots[i]!.file] : []));
  if (bearingless.length > 0) {
    await run("exiftool", [
      "-overwrite_original",
      "-GPSImgDirection=",
      "-GPSImgDirectionRef=",
      ...bearingless,
    ]);
  }
  return shots.map((s) => s.file);
}

/** Uploads a written photo over POST /api/images; answers the parsed 201. */
export async function uploaded(t: TestApp, who: SignedInUser, file: string) {
  const res = await upload(t, who.cookie, await readFile(file), { filename: path.basename(file) });
  expect(res.statusCode, res.body).toBe(201);
  return imageUploadResponseSchema.parse(res.json());
}

/** PATCH /api/images/:id as `who`, expecting `status`. */
export async function patched(t: TestApp, who: SignedInUser, id: string, body: ImagePatch, status = 200) {
  const res = await patchImage(t, who.cookie, id, body);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
