/** The photos the export tests export: uploaded with EXIF GPS, then rated, noted and labelled. */
import { imageResponseSchema, type ImageRecord } from "@poleatlas/shared";
import { HEMISPHERES, makePhoto } from "@poleatlas/shared/testing";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { upload } from "../helpers/uploads";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { patchImage } from "../poles/support";

export interface Uploaded {
  record: ImageRecord;
  /** The coordinates written into the file's EXIF (null: none). */
  sent: { latitude: number | null; longitude: number | null };
}

export async function uploadPhoto(
  t: TestApp,
  who: SignedInUser,
  opts: { gps: keyof typeof HEMISPHERES | null; date: string; filename: string; shade: number },
): Promise<Uploaded> {
  const { bytes, expected } = await makePhoto({
    gps: opts.gps ? HEMISPHERES[opts.gps] : null,
    dateTimeOriginal: `${opts.date.replaceAll("-", ":")} 10:00:00`,
    color: { r: opts.shade, g: 255 - opts.shade, b: 90 },
  });
  const res = await upload(t, who.cookie, bytes, { filename: opts.filename });
  expect(res.statusCode, res.body).toBe(201);
  return { record: imageResponseSchema.parse(res.json()).image, sent: expected };
}

export async function patch(t: TestApp, who: SignedInUser, id: string, body: Record<string, unknown>) {
  const res = await patchImage(t, who.cookie, id, body);
  expect(res.statusCode, res.body).toBe(200);
}

export async function labelPole(t: TestApp, who: SignedInUser, poleId: string, label: string) {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/poles/${poleId}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { label },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export const exportFile = (t: TestApp, who: SignedInUser | null, query: string) =>
  t.app.inject({ method: "GET", url: `/api/export?${query}`, headers: who ? { cookie: who.cookie } : {} });

export interface SeededPhotos {
  sydney: Uploaded;
  santiago: Uploaded;
  berlin: Uploaded;
  unplaced: Uploaded;
}

/**
 * The four photos both export suites read: Sydney (rated high), Santiago, Berlin (rated low) in
 * three hemispheres, and one without GPS. `santiagoName` and `sydneyNotes` let the format suite
 * plant spreadsheet formulas and markup.
 */
export async function seedPhotos(
  t: TestApp,
  owner: SignedInUser,
  opts: { santiagoName?: string; sydneyNotes?: string } = {},
): Promise<SeededPhotos> {
  const sydney = await uploadPhoto(t, owner, {
    gps: "S/E (Sydney)",
    date: "2024-05-01",
    filename: "syd.jpg",
    shade: 10,
  });
  const santiago = await uploadPhoto(t, owner, {
    gps: "S/W (Santiago)",
    date: "2024-06-10",
    filename: opts.santiagoName ?? "san.jpg",
    shade: 60,
  });
  const berlin = await uploadPhoto(t, owner, {
    gps: "N/E (Berlin)",
    date: "2023-01-01",
    filename: "ber.jpg",
    shade: 110,
  });
  const unplaced = await uploadPhoto(t, owner, {
    gps: null,
    date: "2024-07-01",
    filename: "none.jpg",
    shade: 160,
  });
  await patch(t, owner, sydney.record.id, {
    risk: "high",
    ...(opts.sydneyNotes ? { notes: opts.sydneyNotes } : {}),
  });
  await patch(t, owner, berlin.record.id, { risk: "low" });
  return { sydney, santiago, berlin, unplaced };
}
