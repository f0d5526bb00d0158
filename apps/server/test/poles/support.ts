/** Photos placed at exact coordinates through the API, for the pole tests. */
import { imageResponseSchema, type ImagePatch, type ImageRecord } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { upload } from "../helpers/uploads";

/** Metres per degree of latitude on the sphere the server measures on (R = 6371008.8 m). */
export const METRES_PER_DEGREE = (6371008.8 * Math.PI) / 180;

let shade = 0;
/** A stored photo without coordinates (EXIF has no GPS); each call makes different bytes. */
export async function unplacedPhoto(t: TestApp, cookie: string, date?: string): Promise<ImageRecord> {
  shade = (shade + 37) % 256;
  const { bytes } = await makePhoto({
    color: { r: shade, g: 255 - shade, b: (shade * 7) % 256 },
    dateTimeOriginal: date ? `${date.replaceAll("-", ":")} 10:00:00` : null,
  });
  const res = await upload(t, cookie, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return imageResponseSchema.parse(res.json()).image;
}

export function patchImage(
  t: TestApp,
  cookie: string,
  id: string,
  body: ImagePatch | Record<string, unknown>,
) {
  return t.app.inject({
    method: "PATCH",
    url: `/api/images/${id}`,
    headers: { cookie, origin: "http://localhost:8080" },
    payload: body,
  });
}

/** A photo placed at exactly these coordinates by the pole rule. */
export async function placedPhoto(
  t: TestApp,
  cookie: string,
  latitude: number,
  longitude: number,
  date?: string,
): Promise<ImageRecord> {
  const photo = await unplacedPhoto(t, cookie, date);
  const res = await patchImage(t, cookie, photo.id, { latitude, longitude });
  expect(res.statusCode, res.body).toBe(200);
  return imageResponseSchema.parse(res.json()).image;
}
