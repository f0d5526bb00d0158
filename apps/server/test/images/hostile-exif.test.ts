/**
 * The EXIF and XMP of a photo as broken cameras, editors and attackers write them: dates no
 * calendar has or far in the future, rationals divided by zero (NaN, Infinity), positions off the
 * globe, a truncated or garbled EXIF block, an XMP packet that is no XML or expands entities.
 * Each upload is stored with the value ignored (no date, no position) or refused with a 4xx that
 * says what is wrong; never a 500, and nothing impossible is stored.
 */
import { imageCreatedSchema } from "@poleatlas/shared";
import { makePhoto, xmpPacket, type PhotoFixtureOptions } from "@poleatlas/shared/testing";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);

/** A photo whose EXIF holds `tags` as written (sharp passes the strings through to libexif). */
async function withExif(tags: Record<string, Record<string, string>>, opts: PhotoFixtureOptions = {}) {
  const { bytes } = await makePhoto(opts);
  const sharp = (await import("sharp")).default;
  return sharp(bytes).withExifMerge(tags).jpeg().toBuffer();
}

/** The bytes with the EXIF block's content from `at` bytes into it replaced by `garbage`. */
function garble(jpeg: Buffer, at: number, garbage: Buffer): Buffer {
  const start = jpeg.indexOf(Buffer.from("Exif\u0000\u0000", "latin1"));
  expect(start).toBeGreaterThan(0);
  const out = Buffer.from(jpeg);
  garbage.copy(out, start + at);
  return out;
}

/** The APP1 (EXIF) segment's length field set to `length`: shorter or longer than what follows. */
function lyingLength(jpeg: Buffer, length: number): Buffer {
  const start = jpeg.indexOf(Buffer.from("Exif\u0000\u0000", "latin1"));
  const out = Buffer.from(jpeg);
  out.writeUInt16BE(length, start - 2);
  return out;
}

const dated = (DateTimeOriginal: string, more: Record<string, string> = {}) =>
  withExif({ IFD2: { DateTimeOriginal, ...more } });
const placed = (lat: string, lon: string, refs = { lat: "N", lon: "E" }) =>
  withExif({
    IFD3: { GPSLatitudeRef: refs.lat, GPSLatitude: lat, GPSLongitudeRef: refs.lon, GPSLongitude: lon },
  });
const xmp = async (packet: string) => (await makePhoto({ xmp: packet })).bytes;

const CASES: [string, () => Promise<Buffer>][] = [
  ["a date of year 0", () => dated("0000:00:00 00:00:00")],
  ["the last day of 9999", () => dated("9999:12:31 23:59:59")],
  ["30 February", () => dated("2026:02:30 10:00:00")],
  ["hour 25", () => dated("2024:06:01 25:61:61")],
  ["a date that is text", () => dated("yesterday at noon")],
  ["a blank date", () => dated("                   ")],
  ["an offset of +99:99", () => dated("2024:06:01 10:00:00", { OffsetTimeOriginal: "+99:99" })],
  ["a latitude of 0/0", () => placed("0/0 0/0 0/0", "8/1 0/1 0/1")],
  ["a longitude of 1/0", () => placed("47/1 0/1 0/1", "1/0 0/1 0/1")],
  ["a latitude of 91°", () => placed("91/1 0/1 0/1", "8/1 0/1 0/1")],
  ["a longitude of 200°", () => placed("47/1 0/1 0/1", "200/1 0/1 0/1")],
  ["60 minutes and 4e9 seconds", () => placed("47/1 60/1 4000000000/1", "8/1 0/1 0/1")],
  ["a hemisphere X", () => placed("47/1 0/1 0/1", "8/1 0/1 0/1", { lat: "X", lon: "?" })],
  ["a heading of 1/0", () => withExif({ IFD3: { GPSImgDirectionRef: "T", GPSImgDirection: "1/0" } })],
  ["garbage in the IFD", async () => garble(await dated("2024:06:01 10:00:00"), 14, Buffer.alloc(40, 0xff))],
  ["a TIFF header of zeros", async () => garble(await dated("2024:06:01 10:00:00"), 6, Buffer.alloc(8, 0))],
  [
    "offsets pointing past the end",
    async () => garble(await dated("2024:06:01 10:00:00"), 10, Buffer.from([0x7f, 0xff, 0xff, 0xff])),
  ],
  ["an EXIF block cut short", async () => lyingLength(await dated("2024:06:01 10:00:00"), 12)],
  ["an EXIF block claiming 64 KB", async () => lyingLength(await dated("2024:06:01 10:00:00"), 0xffff)],
  ["XMP positions of NaN", () => xmp(xmpPacket({ GPSLatitude: "NaN,NaNN", GPSLongitude: "Infinity,0E" }))],
  ["XMP position off the globe", () => xmp(xmpPacket({ GPSLatitude: "999,0N", GPSLongitude: "8,0E" }))],
  ["XMP date 9999-99-99", () => xmp(xmpPacket({ DateTimeOriginal: "9999-99-99T99:99:99" }))],
  ["XMP date before year 1", () => xmp(xmpPacket({ DateTimeOriginal: "-0001-01-01T00:00:00Z" }))],
  ["XMP that is no XML", () => xmp("<x:xmpmeta><rdf:RDF><rdf:Description exif:GPSLatitude=")],
  [
    "XMP expanding entities",
    () =>
      xmp(
        `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">` +
          `<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>` +
          xmpPacket({ DateTimeOriginal: "&d;", GPSLatitude: "&d;" }),
      ),
  ],
];

describe("hostile EXIF and XMP", () => {
  it.each(CASES)("%s", async (_title, make) => {
    const res = await upload(t, user.cookie, await make());
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) {
      expect(res.json<{ message?: string }>().message).toBeTruthy();
      return;
    }
    const { image } = imageCreatedSchema.parse(res.json());
    if (image.date !== null) {
      expect(image.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A photo without a date of its own is dated by the day where it stands, up to 14 hours
      // ahead of UTC: late in the UTC day, that is already tomorrow.
      const latestToday = new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10);
      expect(image.date >= "1900-01-01" && image.date <= latestToday, image.date).toBe(true);
    }
    for (const [value, max] of [
      [image.latitude, 90],
      [image.longitude, 180],
    ] as const) {
      if (value !== null) {
        expect(Number.isFinite(value)).toBe(true);
        expect(Math.abs(value)).toBeLessThanOrEqual(max);
      }
    }
  });
});
