import { describe, expect, it } from "vitest";
import { HEMISPHERES, makePhoto, xmpPacket } from "../test/fixtures";
import { readPhotoMetadata } from "./exif";
import { messages } from "./messages";
import { parseXmpCoordinate, parseXmpDateTime, readXmp } from "./xmp";

const BERLIN_XMP = {
  DateTimeOriginal: "2021-05-06T23:30:05+02:00",
  GPSLatitude: "52,31.2345N",
  GPSLongitude: "13,24.2973E",
};
const BERLIN = { latitude: 52 + 31.2345 / 60, longitude: 13 + 24.2973 / 60 };

describe("readPhotoMetadata: XMP where EXIF has nothing", () => {
  it.each(["jpeg", "png"] as const)("reads date and position from an XMP-only %s", async (format) => {
    const { bytes } = await makePhoto({ format, xmp: xmpPacket(BERLIN_XMP) });
    const r = await readPhotoMetadata(bytes);
    expect(r.latitude).toBeCloseTo(BERLIN.latitude, 9);
    expect(r.longitude).toBeCloseTo(BERLIN.longitude, 9);
    // The written day and wall-clock time, never shifted to UTC (22:30 UTC is still the 6th).
    expect(r).toMatchObject({ date: "2021-05-06", calendarDate: "2021-05-06", hasGps: true, error: null });
    expect(r.timestamp).toBe("2021-05-06T23:30:05+02:00");
    expect(r.warnings).toEqual([]);
  });

  it("reads the element form, under another prefix bound to the EXIF namespace", async () => {
    const xmp = xmpPacket(BERLIN_XMP, { form: "elements", prefix: "ex" });
    const { bytes } = await makePhoto({ xmp });
    const r = await readPhotoMetadata(new Blob([new Uint8Array(bytes)]));
    expect(r.latitude).toBeCloseTo(BERLIN.latitude, 9);
    expect(r.date).toBe("2021-05-06");
  });

  it("keeps EXIF when both disagree", async () => {
    const { bytes, expected } = await makePhoto({
      gps: HEMISPHERES["S/W (Santiago)"],
      dateTimeOriginal: "2023:07:14 10:00:00",
      xmp: xmpPacket(BERLIN_XMP),
    });
    const r = await readPhotoMetadata(bytes);
    expect(r).toMatchObject({
      latitude: expected.latitude,
      longitude: expected.longitude,
      date: "2023-07-14",
    });
  });

  it("fills from XMP only what EXIF lacks", async () => {
    const { bytes, expected } = await makePhoto({
      gps: HEMISPHERES["N/W (New York)"],
      xmp: xmpPacket(BERLIN_XMP),
    });
    const r = await readPhotoMetadata(bytes);
    expect(r).toMatchObject({
      latitude: expected.latitude,
      longitude: expected.longitude,
      date: "2021-05-06",
    });
  });

  it("takes a plausible XMP date over an EXIF date that cannot be true", async () => {
    const { bytes } = await makePhoto({
      dateTimeOriginal: "1601:01:01 00:00:00",
      xmp: xmpPacket(BERLIN_XMP),
    });
    const r = await readPhotoMetadata(bytes);
    expect(r.date).toBe("2021-05-06");
    expect(r.warnings).not.toContain(messages.implausibleOriginalDate);
  });

  it.each([
    ["not XML at all", "\u0000\u0001 garbage <<<< exif:GPSLatitude="],
    [
      "broken values",
      xmpPacket({ DateTimeOriginal: "yesterday", GPSLatitude: "91,00.0N", GPSLongitude: "13,24E" }),
    ],
    ["a latitude without a longitude", xmpPacket({ GPSLatitude: "52,31.2345N" })],
    [
      "a longitude letter on the latitude",
      xmpPacket({ GPSLatitude: "52,31.2345E", GPSLongitude: "13,24.2973E" }),
    ],
    ["an unclosed element", `<x:xmpmeta><exif:GPSLatitude>52,31.2345N<exif:GPSLongitude>13,1E`],
  ])("treats malformed XMP (%s) as missing, without an error", async (_, xmp) => {
    const { bytes } = await makePhoto({ xmp });
    const r = await readPhotoMetadata(bytes, { lastModified: 0 });
    expect(r).toMatchObject({ latitude: null, longitude: null, date: null, error: null });
    expect(r.warnings).toEqual([messages.noGps, messages.noOriginalDate]);
  });

  it("survives the file cut at every length inside the XMP packet", async () => {
    const { bytes } = await makePhoto({ xmp: xmpPacket(BERLIN_XMP) });
    for (let len = 0; len < 700; len += 1) {
      const r = await readPhotoMetadata(bytes.subarray(0, len));
      expect(typeof r.timestamp).toBe("string");
    }
  });
});

describe("XMP values", () => {
  it("reads coordinates as degrees,minutes or degrees,minutes,seconds with a letter, or decimals", () => {
    expect(parseXmpCoordinate("52,31.2345N", "latitude")).toBeCloseTo(52 + 31.2345 / 60, 12);
    expect(parseXmpCoordinate("52,31,14.07S", "latitude")).toBeCloseTo(-(52 + 31 / 60 + 14.07 / 3600), 12);
    expect(parseXmpCoordinate("70,40.2W", "longitude")).toBeCloseTo(-(70 + 40.2 / 60), 12);
    expect(parseXmpCoordinate(" -33.865143 ", "latitude")).toBe(-33.865143);
    expect(parseXmpCoordinate("151.2099", "longitude")).toBe(151.2099);
    for (const bad of ["", "N", "52,60.0N", "52,31,60N", "181,0.0E", "95.5", "52,31.2345X", "1e3"]) {
      expect(parseXmpCoordinate(bad, bad.endsWith("E") ? "longitude" : "latitude"), bad).toBeNull();
    }
    expect(parseXmpCoordinate("52,31.2345N", "longitude")).toBeNull();
  });

  it("reads dates as written, whatever their zone, seconds optional", () => {
    expect(parseXmpDateTime("2023-07-14T23:30:05+02:00")).toEqual({
      date: "2023-07-14",
      timestamp: "2023-07-14T23:30:05+02:00",
    });
    expect(parseXmpDateTime("2023-07-14T23:30:05.25Z")?.timestamp).toBe("2023-07-14T23:30:05.25+00:00");
    expect(parseXmpDateTime("2023-07-14T23:30")?.timestamp).toBe("2023-07-14T23:30:00");
    expect(parseXmpDateTime("2023-07-14")?.date).toBe("2023-07-14");
    for (const bad of ["2023-02-30T10:00:00", "2023-07", "14.07.2023", "2023-07-14T25:00:00", ""]) {
      expect(parseXmpDateTime(bad), bad).toBeNull();
    }
  });

  it("unescapes XML entities and ignores properties of other namespaces", () => {
    const other = `<rdf:Description xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:GPSLatitude="1,0.0N"/>`;
    expect(readXmp(other).latitude).toBeNull();
    const escaped = xmpPacket({ DateTimeOriginal: "2023-07-14T10:00:00&#43;02:00" });
    expect(readXmp(escaped).dateTimeOriginal).toBeNull();
    expect(readXmp(xmpPacket({ GPSLatitude: "1,30.0N", GPSLongitude: "2,0.0E" })).latitude).toBe(1.5);
  });
});
