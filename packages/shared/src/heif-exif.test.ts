/**
 * A HEIC's own metadata, read as exiftool reads it: position, capture time with its offset and the
 * compass bearing, from files heif-enc encoded and exiftool tagged. An AVIF is no HEIC.
 */
import { exiftoolReading, makeHeic } from "@poleatlas/shared/testing/heic";
import { describe, expect, it } from "vitest";
import { readPhotoMetadata } from "./exif";
import { sniffImageFormat } from "./exif-locate";

const PLACES = [
  {
    gps: { latitude: 47.376_887, longitude: 8.541_694 },
    at: "2024:05:01 23:30:05",
    offset: "+02:00",
    heading: 123.45,
  },
  {
    gps: { latitude: -33.856_784, longitude: -151.215_297 },
    at: "2023:12:31 06:01:59",
    offset: "-10:30",
    heading: 359.5,
  },
  { gps: { latitude: 0.000_5, longitude: 179.999 }, at: "2022:02:28 12:00:00", offset: "+00:00", heading: 0 },
];

// heif-enc and two exiftool runs a file: seconds each on a busy machine.
describe("a HEIC photo's metadata", { timeout: 60_000 }, () => {
  it.each(PLACES)("equals exiftool's reading at $gps.latitude, $gps.longitude", async (p) => {
    const bytes = await makeHeic({
      gps: p.gps,
      dateTimeOriginal: p.at,
      offsetTimeOriginal: p.offset,
      heading: p.heading,
    });
    const truth = await exiftoolReading(bytes);
    const reading = await readPhotoMetadata(bytes);
    expect(reading.format).toBe("heic");
    expect(reading.error).toBeNull();
    // exiftool prints its numbers rounded; GPS rationals hold ~1e-7° (1 cm).
    expect(reading.latitude).toBeCloseTo(truth.latitude!, 6);
    expect(reading.longitude).toBeCloseTo(truth.longitude!, 6);
    expect(reading.heading).toBeCloseTo(truth.heading!, 6);
    const [day, time] = truth.dateTimeOriginal!.split(" ");
    expect(reading.timestamp).toBe(`${day!.replaceAll(":", "-")}T${time}${truth.offsetTimeOriginal}`);
    expect(reading.date).toBe(day!.replaceAll(":", "-"));
  });

  it("without EXIF reads as a HEIC without position or date", async () => {
    const reading = await readPhotoMetadata(await makeHeic());
    expect(reading).toMatchObject({ format: "heic", error: null, hasGps: false, heading: null });
  });

  it("cut off says so", async () => {
    const bytes = await makeHeic({ gps: PLACES[0]!.gps });
    const reading = await readPhotoMetadata(bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(reading.format).toBe("heic");
    expect(reading.error).toMatch(/cut off/);
  });

  it("is told from an AVIF by its brands", () => {
    const ftyp = (brands: string[]) =>
      new Uint8Array([0, 0, 0, 8 + 4 * brands.length, ...Buffer.from(`ftyp${brands.join("")}`)]);
    expect(sniffImageFormat(ftyp(["heic", "\0\0\0\0", "mif1", "heic"]))).toBe("heic");
    expect(sniffImageFormat(ftyp(["mif1", "\0\0\0\0", "mif1", "heix"]))).toBe("heic");
    expect(sniffImageFormat(ftyp(["avif", "\0\0\0\0", "avif", "mif1", "miaf"]))).toBeNull();
  });
});
