/**
 * Photos whose EXIF lacks the date or position but whose XMP packet has them (what editors
 * leave): the upload stores XMP's date and places the photo on a pole; EXIF wins when both exist;
 * a malformed packet is no position, never a 500.
 */
import { imageCreatedSchema } from "@poleatlas/shared";
import { HEMISPHERES, makePhoto, xmpPacket } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

const XMP = {
  DateTimeOriginal: "2021-05-06T23:30:05+02:00",
  GPSLatitude: "52,31.2345N",
  GPSLongitude: "13,24.2973E",
};

async function created(bytes: Uint8Array) {
  // lastModified is another day, so a date taken from it would show.
  const res = await upload(t, user.cookie, bytes, { lastModified: Date.UTC(2024, 0, 2) });
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

describe("uploads read XMP where EXIF has nothing", () => {
  it("an XMP-only photo gets its date and a pole at its position", async () => {
    const image = await created((await makePhoto({ xmp: xmpPacket(XMP) })).bytes);
    expect(image.date).toBe("2021-05-06");
    expect(image.metadata.timestamp).toBe("2021-05-06T23:30:05+02:00");
    expect(image.latitude).toBeCloseTo(52 + 31.2345 / 60, 9);
    expect(image.longitude).toBeCloseTo(13 + 24.2973 / 60, 9);
    expect(image.pole_id).toEqual(expect.any(String));
    // A second XMP-only photo at the same spot joins that pole.
    const again = await created((await makePhoto({ xmp: xmpPacket(XMP, { form: "elements" }) })).bytes);
    expect(again.pole_id).toBe(image.pole_id);
  });

  it("EXIF and XMP disagreeing: EXIF's date and position are stored", async () => {
    const { bytes, expected } = await makePhoto({
      gps: HEMISPHERES["S/E (Sydney)"],
      dateTimeOriginal: "2022:03:04 05:06:07",
      xmp: xmpPacket(XMP),
    });
    const image = await created(bytes);
    expect(image).toMatchObject({
      date: "2022-03-04",
      latitude: expected.latitude,
      longitude: expected.longitude,
    });
  });

  it("malformed XMP counts as missing: stored unplaced, dated by lastModified", async () => {
    const xmp = `<x:xmpmeta><exif:GPSLatitude>52,31.2345N<exif:GPSLongitude>13,99E exif:DateTimeOriginal="2021-13-40"`;
    const image = await created((await makePhoto({ xmp })).bytes);
    expect(image).toMatchObject({ date: "2024-01-02", latitude: null, longitude: null, pole_id: null });
  });
});
