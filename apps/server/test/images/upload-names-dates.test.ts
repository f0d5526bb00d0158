/**
 * What an upload's name and dates become: names cleaned for display, lastModified checked against
 * the Date range, the stored date taken in the sender's time zone, and camera dates that cannot be
 * true treated as missing.
 */
import { imageCreatedSchema, messages } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { listFiles, tmpDir, upload, type UploadOptions } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);
/** New bytes each time: the same bytes again would be the photo already stored. */
const plain = async () => (await makePhoto({})).bytes;

async function created(bytes: Uint8Array, opts: UploadOptions) {
  const res = await upload(t, user.cookie, bytes, opts);
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

const today = () => new Date().toISOString().slice(0, 10);

describe("names", () => {
  it("are cleaned of NUL, control and bidi characters and cut to 255 characters, extension kept", async () => {
    const image = await created(await plain(), { filename: `pole\u0000\u202e${"x".repeat(400)}\u0007.jpg` });
    expect(image.name).toHaveLength(255);
    expect(image.name).toMatch(/^polex+\.jpg$/);
    expect(image.metadata.filename).toBe(image.name);
  });

  it("made only of control characters are no name at all", async () => {
    const res = await upload(t, user.cookie, await plain(), { filename: "\u0001\u0002" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "name_required", message: messages.imageNameRequired });
  });
});

describe("lastModified", () => {
  it("outside the JavaScript Date range, or not a whole number, is a 400", async () => {
    for (const lastModified of [
      "8640000000000001",
      "-8640000000000001",
      "1e400",
      "Infinity",
      "0x10",
      "12.5",
    ]) {
      const res = await upload(t, user.cookie, await plain(), { lastModified });
      expect(res.statusCode, lastModified).toBe(400);
      expect(res.json()).toEqual({ code: "invalid_last_modified", message: messages.invalidLastModified });
    }
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });

  it("at the ends of the Date range is kept, and the date is today's (no year 275760)", async () => {
    for (const lastModified of [8.64e15, -8.64e15]) {
      const image = await created(await plain(), { lastModified });
      expect(image.metadata.lastModified).toBe(lastModified);
      expect([today(), new Date(Date.now() + 60_000).toISOString().slice(0, 10)]).toContain(image.date);
    }
  });
});

describe("the date of a photo without an EXIF date", () => {
  const lastModified = Date.parse("2024-03-05T02:00:00Z"); // 21:00 on the 4th in New York

  it("is lastModified's day at the sender's timezoneOffset", async () => {
    const ny = await created(await plain(), { lastModified, fields: { timezoneOffset: "300" } });
    expect(ny.date).toBe("2024-03-04");
    expect(ny.metadata.timestamp).toBe("2024-03-05T02:00:00.000Z");
    const tokyo = await created(await plain(), { lastModified, fields: { timezoneOffset: "-540" } });
    expect(tokyo.date).toBe("2024-03-05");
  });

  it("is lastModified's UTC day without a timezoneOffset, as before", async () => {
    expect((await created(await plain(), { lastModified })).date).toBe("2024-03-05");
  });

  it("a timezoneOffset outside -840…840 or not whole minutes is a 400", async () => {
    for (const timezoneOffset of ["841", "-841", "abc", "30.5", "1e2"]) {
      const res = await upload(t, user.cookie, await plain(), { lastModified, fields: { timezoneOffset } });
      expect(res.statusCode, timezoneOffset).toBe(400);
      expect(res.json()).toEqual({
        code: "invalid_timezone_offset",
        message: messages.invalidTimezoneOffset,
      });
    }
  });
});

describe("camera dates that cannot be true", () => {
  it("before 1900 or in the future are not stored: lastModified's date is", async () => {
    const lastModified = Date.parse("2022-08-09T10:00:00Z");
    for (const dateTimeOriginal of ["1850:01:01 10:00:00", "2999:01:01 10:00:00"]) {
      const { bytes } = await makePhoto({ dateTimeOriginal });
      const image = await created(bytes, { lastModified });
      expect(image.date, dateTimeOriginal).toBe("2022-08-09");
      expect(image.metadata.timestamp).toBe("2022-08-09T10:00:00.000Z");
    }
  });
});
