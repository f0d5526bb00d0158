import { describe, expect, it } from "vitest";
import { HEMISPHERES, makePhoto, makePlainImage, padJpeg } from "../test/fixtures";
import { parseExifDateTime, readPhotoMetadata, toDecimalDegrees } from "./exif";
import { messages } from "./messages";

const DATE = "2023:07:14 23:30:05";

describe("readPhotoMetadata: GPS in all four hemispheres", () => {
  for (const [name, gps] of Object.entries(HEMISPHERES)) {
    for (const format of ["jpeg", "png"] as const) {
      it(`${name} in a ${format}`, async () => {
        const { bytes, expected } = await makePhoto({ format, gps, dateTimeOriginal: DATE });
        const r = await readPhotoMetadata(bytes);
        expect(r.latitude).toBe(expected.latitude);
        expect(r.longitude).toBe(expected.longitude);
        // The written rationals are the position to 1/100 arc-second (~0.3 m).
        expect(r.latitude).toBeCloseTo(gps.latitude, 5);
        expect(r.longitude).toBeCloseTo(gps.longitude, 5);
        expect(Math.sign(r.latitude ?? 0)).toBe(Math.sign(gps.latitude));
        expect(Math.sign(r.longitude ?? 0)).toBe(Math.sign(gps.longitude));
        expect(r).toMatchObject({ date: "2023-07-14", hasGps: true, hasOriginalDate: true, warnings: [] });
        expect(r.format).toBe(format);
        expect(r.error).toBeNull();
      });
    }
  }
});

describe("readPhotoMetadata: dates", () => {
  it("keeps the camera's date and time text, with OffsetTimeOriginal when present", async () => {
    const { bytes } = await makePhoto({ dateTimeOriginal: DATE, offsetTimeOriginal: "+02:00" });
    const r = await readPhotoMetadata(bytes);
    expect(r.date).toBe("2023-07-14");
    expect(r.timestamp).toBe("2023-07-14T23:30:05+02:00");
    expect(new Date(r.timestamp).toISOString()).toBe("2023-07-14T21:30:05.000Z");
  });

  it("writes the wall-clock time without a zone when the camera gave no offset", async () => {
    const { bytes } = await makePhoto({ dateTimeOriginal: DATE });
    expect((await readPhotoMetadata(bytes)).timestamp).toBe("2023-07-14T23:30:05");
  });

  it("never shifts the date with the process's time zone", async () => {
    const { bytes } = await makePhoto({
      dateTimeOriginal: "2023:12:31 23:59:59",
      offsetTimeOriginal: "-11:00",
    });
    const before = process.env.TZ;
    try {
      for (const tz of ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"]) {
        process.env.TZ = tz;
        const r = await readPhotoMetadata(bytes);
        expect(r.date, tz).toBe("2023-12-31");
        expect(r.timestamp, tz).toBe("2023-12-31T23:59:59-11:00");
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("falls back to lastModified, then to now, and warns", async () => {
    const { bytes } = await makePhoto({ gps: HEMISPHERES["N/E (Berlin)"] });
    const lastModified = Date.UTC(2022, 0, 2, 3, 4, 5);
    const r1 = await readPhotoMetadata(bytes, { lastModified });
    expect(r1).toMatchObject({ date: null, hasOriginalDate: false, timestamp: "2022-01-02T03:04:05.000Z" });
    expect(r1.warnings).toEqual([messages.noOriginalDate]);

    const now = new Date("2024-02-03T04:05:06.007Z");
    const r2 = await readPhotoMetadata(bytes, { now });
    expect(r2.timestamp).toBe(now.toISOString());
  });

  it("takes lastModified from a File", async () => {
    const { bytes } = await makePhoto({});
    const file = new File([new Uint8Array(bytes)], "pole.jpg", {
      type: "image/jpeg",
      lastModified: Date.UTC(2021, 5, 6),
    });
    const r = await readPhotoMetadata(file);
    expect(r.timestamp).toBe("2021-06-06T00:00:00.000Z");
    expect(r.warnings).toEqual([messages.noGps, messages.noOriginalDate]);
  });
});

describe("readPhotoMetadata: the date to store", () => {
  const withoutDate = async () => (await makePhoto({ gps: HEMISPHERES["N/E (Berlin)"] })).bytes;

  it("is lastModified's calendar day where the file was: 21:00 in New York stays that day", async () => {
    const bytes = await withoutDate();
    const lastModified = Date.parse("2024-03-05T02:00:00Z"); // 21:00 on the 4th in New York (UTC−5)
    const ny = await readPhotoMetadata(bytes, { lastModified, timezoneOffset: 300 });
    expect(ny.calendarDate).toBe("2024-03-04");
    expect(ny.timestamp).toBe("2024-03-05T02:00:00.000Z");
    // East of UTC the day moves the other way; without an offset, UTC as before.
    const tokyo = await readPhotoMetadata(bytes, {
      lastModified: Date.parse("2024-03-04T20:00:00Z"),
      timezoneOffset: -540,
    });
    expect(tokyo.calendarDate).toBe("2024-03-05");
    expect((await readPhotoMetadata(bytes, { lastModified })).calendarDate).toBe("2024-03-05");
  });

  it("gives the same answer whatever the process's own time zone", async () => {
    const bytes = await withoutDate();
    const before = process.env.TZ;
    try {
      for (const tz of ["UTC", "America/New_York", "Asia/Tokyo", "Pacific/Kiritimati"]) {
        process.env.TZ = tz;
        const r = await readPhotoMetadata(bytes, {
          lastModified: Date.parse("2024-03-05T02:00:00Z"),
          timezoneOffset: 300,
        });
        expect(r.calendarDate, tz).toBe("2024-03-04");
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("is the camera's date when there is one, whatever the offset", async () => {
    const { bytes } = await makePhoto({ dateTimeOriginal: "2023:12:31 23:59:59" });
    const r = await readPhotoMetadata(bytes, { lastModified: 0, timezoneOffset: -840 });
    expect(r.calendarDate).toBe("2023-12-31");
  });

  it("is today's at the offset when there is no lastModified", async () => {
    const now = new Date("2024-06-01T01:30:00Z");
    const r = await readPhotoMetadata(await withoutDate(), { now, timezoneOffset: 240 });
    expect(r.calendarDate).toBe("2024-05-31");
  });
});

describe("readPhotoMetadata: implausible camera dates count as missing", () => {
  const now = new Date("2024-06-01T12:00:00Z");
  for (const [title, text] of [
    ["before 1900", "1899:12:31 23:59:59"],
    ["a broken clock's 1601", "1601:01:01 00:00:00"],
    ["more than a day ahead", "2024:06:02 13:00:01"],
    ["years ahead", "2099:01:01 00:00:00"],
  ] as const) {
    it(title, async () => {
      const { bytes } = await makePhoto({ gps: HEMISPHERES["N/E (Berlin)"], dateTimeOriginal: text });
      const lastModified = Date.parse("2024-05-01T10:00:00Z");
      const r = await readPhotoMetadata(bytes, { now, lastModified });
      expect(r).toMatchObject({ date: null, hasOriginalDate: false, calendarDate: "2024-05-01" });
      expect(r.timestamp).toBe("2024-05-01T10:00:00.000Z");
      expect(r.warnings).toEqual([messages.noOriginalDate, messages.implausibleOriginalDate]);
    });
  }

  it("keeps 1900 and a clock a few hours ahead", async () => {
    for (const text of ["1900:01:01 00:00:00", "2024:06:02 08:00:00"]) {
      const { bytes } = await makePhoto({ dateTimeOriginal: text });
      const r = await readPhotoMetadata(bytes, { now });
      expect(r.hasOriginalDate, text).toBe(true);
      expect(r.date, text).toBe(text.slice(0, 10).replaceAll(":", "-"));
    }
  });

  it("ignores a lastModified outside those years too (then today)", async () => {
    const { bytes } = await makePhoto({});
    for (const lastModified of [-8.64e15, 8.64e15, Date.parse("1800-01-01T00:00:00Z")]) {
      const r = await readPhotoMetadata(bytes, { now, lastModified });
      expect(r.calendarDate).toBe("2024-06-01");
      expect(r.timestamp).toBe(now.toISOString());
    }
  });
});

describe("readPhotoMetadata: inputs", () => {
  it("reads a Blob, an ArrayBuffer and a Uint8Array alike", async () => {
    const { bytes, expected } = await makePhoto({
      gps: HEMISPHERES["S/W (Santiago)"],
      dateTimeOriginal: DATE,
    });
    const copy = new Uint8Array(bytes);
    for (const input of [new Blob([copy]), copy.buffer, copy, bytes]) {
      const r = await readPhotoMetadata(input);
      expect(r).toMatchObject({
        latitude: expected.latitude,
        longitude: expected.longitude,
        date: "2023-07-14",
      });
    }
  });

  it("finds EXIF that sits beyond the first 64 KB read of a Blob", async () => {
    const { bytes, expected } = await makePhoto({
      gps: HEMISPHERES["N/W (New York)"],
      dateTimeOriginal: DATE,
    });
    const padded = padJpeg(bytes, 300_000);
    expect(padded.length).toBe(300_000);
    const r = await readPhotoMetadata(new Blob([new Uint8Array(padded)]));
    expect(r).toMatchObject({ latitude: expected.latitude, date: "2023-07-14", error: null });
  });

  it("reads a photo with neither GPS nor date", async () => {
    for (const format of ["jpeg", "png"] as const) {
      const r = await readPhotoMetadata(await makePlainImage(format), { lastModified: 0 });
      expect(r).toMatchObject({ latitude: null, longitude: null, date: null, hasGps: false, error: null });
      expect(r.warnings).toEqual([messages.noGps, messages.noOriginalDate]);
      expect(r.timestamp).toBe("1970-01-01T00:00:00.000Z");
    }
  });
});

describe("readPhotoMetadata: broken input never throws or hangs", () => {
  it("answers a GIF, text, empty and random bytes with an error result", async () => {
    const inputs = [
      await makePlainImage("gif"),
      new TextEncoder().encode("hello, I am not a photo"),
      new Uint8Array(0),
      Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256),
    ];
    for (const input of inputs) {
      const r = await readPhotoMetadata(input);
      expect(r.format).toBeNull();
      expect(r.error).toBe(messages.onlyJpegPng);
      expect(r.warnings).toEqual([messages.noGps, messages.noOriginalDate]);
    }
  });

  it("survives the file cut at every length", async () => {
    for (const format of ["jpeg", "png"] as const) {
      const { bytes } = await makePhoto({ format, gps: HEMISPHERES["S/E (Sydney)"], dateTimeOriginal: DATE });
      let errors = 0;
      for (let len = 0; len < bytes.length; len += 1) {
        const r = await readPhotoMetadata(bytes.subarray(0, len));
        if (r.error) errors += 1;
        expect(typeof r.timestamp).toBe("string");
      }
      // Cut inside the header or the EXIF block, the reader must say so.
      expect(errors).toBeGreaterThan(100);
      const cutInExif = await readPhotoMetadata(bytes.subarray(0, 60));
      expect(cutInExif.error).toMatch(messages.metadataUnreadable);
      expect(cutInExif.warnings).toEqual([messages.noGps, messages.noOriginalDate]);
    }
  });

  it("survives corrupted bytes anywhere in the EXIF block", async () => {
    const { bytes } = await makePhoto({ gps: HEMISPHERES["N/E (Berlin)"], dateTimeOriginal: DATE });
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 256;
    for (let i = 0; i < 600; i += 1) {
      const copy = Buffer.from(bytes);
      for (let k = 0; k < 3; k += 1) copy[2 + Math.floor(random() * 400)] = Math.floor(random());
      const r = await readPhotoMetadata(copy);
      expect(Array.isArray(r.warnings)).toBe(true);
      if (r.latitude !== null) expect(Math.abs(r.latitude)).toBeLessThanOrEqual(90);
      if (r.longitude !== null) expect(Math.abs(r.longitude)).toBeLessThanOrEqual(180);
      if (r.date !== null) expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe("toDecimalDegrees", () => {
  it("converts degrees, minutes, seconds and applies S/W", () => {
    expect(toDecimalDegrees([10, 30, 36], "N", "S", 90)).toBe(10 + 30 / 60 + 36 / 3600);
    expect(toDecimalDegrees([10, 30, 36], "S", "S", 90)).toBe(-(10 + 30 / 60 + 36 / 3600));
    expect(toDecimalDegrees([120, 0, 0], "W", "W", 180)).toBe(-120);
    expect(toDecimalDegrees(45.5, "E", "W", 180)).toBe(45.5);
  });

  it("rejects what is not a position", () => {
    expect(toDecimalDegrees([91, 0, 0], "N", "S", 90)).toBeNull();
    expect(toDecimalDegrees([10, Number.NaN, 0], "N", "S", 90)).toBeNull();
    expect(toDecimalDegrees("10 20 30", "N", "S", 90)).toBeNull();
    expect(toDecimalDegrees(undefined, "N", "S", 90)).toBeNull();
    expect(toDecimalDegrees([], "N", "S", 90)).toBeNull();
  });
});

describe("parseExifDateTime", () => {
  it("accepts camera text and rejects blanks and impossible dates", () => {
    expect(parseExifDateTime("2024:02:29 00:00:00")).toEqual({
      date: "2024-02-29",
      timestamp: "2024-02-29T00:00:00",
    });
    expect(parseExifDateTime("2024:02:29 10:11:12", "123", "-05:30")?.timestamp).toBe(
      "2024-02-29T10:11:12.123-05:30",
    );
    expect(parseExifDateTime("    :  :     :  :  ")).toBeNull();
    expect(parseExifDateTime("2023:02:29 00:00:00")).toBeNull();
    expect(parseExifDateTime("2023:13:01 00:00:00")).toBeNull();
    expect(parseExifDateTime("2023:01:01 25:00:00")).toBeNull();
    expect(parseExifDateTime(20230101)).toBeNull();
  });
});
