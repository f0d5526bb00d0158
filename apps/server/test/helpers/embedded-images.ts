/**
 * Photos carrying the camera's own small copies of themselves, and exiftool as the judge of what
 * a stored photo still carries. exiftool writes the EXIF IFD1, Photoshop and XMP thumbnails;
 * what it cannot write is spliced in by hand as cameras lay it out: a JFXX thumbnail (APP0), an
 * MPF preview (APP2 index, the preview after the main image) and a maker note holding a preview.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { readPhotoMetadata } from "@poleatlas/shared/exif";
import sharp from "sharp";
import { expect } from "vitest";

const run = promisify(execFile);

/** What each photo is given besides its copies, and must keep once blurred. */
export const AUTHORSHIP = {
  Artist: "Field crew 7",
  Copyright: "PoleAtlas test utility",
  "XMP-dc:Creator": "Field crew 7",
  "XMP-dc:Rights": "All rights reserved",
};

/** The tags compared before and after (exiftool -n names, by group). */
export const KEPT_TAGS = [
  "IFD0:Orientation",
  "IFD0:Artist",
  "IFD0:Copyright",
  "ExifIFD:DateTimeOriginal",
  "ExifIFD:OffsetTimeOriginal",
  "ExifIFD:FocalLengthIn35mmFormat",
  "GPS:GPSLatitude",
  "GPS:GPSLatitudeRef",
  "GPS:GPSLongitude",
  "GPS:GPSLongitudeRef",
  "GPS:GPSAltitude",
  "GPS:GPSImgDirection",
  "GPS:GPSImgDirectionRef",
  "XMP-dc:Creator",
  "XMP-dc:Rights",
];

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "embedded-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A big-endian EXIF block with only a maker note, which holds `preview` (as some cameras do). */
function makerNoteExif(preview: Buffer): Buffer {
  const tiff = Buffer.alloc(44 + preview.length);
  tiff.write("MM\0*", 0, "latin1");
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, the EXIF IFD's offset (26).
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8769, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  // EXIF IFD: one entry, MakerNote (UNDEFINED) at 44.
  tiff.writeUInt16BE(1, 26);
  tiff.writeUInt16BE(0x927c, 28);
  tiff.writeUInt16BE(7, 30);
  tiff.writeUInt32BE(preview.length, 32);
  tiff.writeUInt32BE(44, 36);
  preview.copy(tiff, 44);
  return tiff;
}

/** An MPF index (APP2) for the main image and one preview, and where its offsets count from. */
function mpfSegment(): {
  segment: Buffer;
  setSizes(image: Buffer, at: number, main: number, preview: number): void;
} {
  const tiff = Buffer.alloc(8 + 2 + 3 * 12 + 4 + 32);
  tiff.write("MM\0*", 0, "latin1");
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(3, 8);
  const entry = (i: number, tag: number, type: number, count: number) => {
    const at = 10 + i * 12;
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    return at + 8;
  };
  tiff.write("0100", entry(0, 0xb000, 7, 4), "latin1"); // MPFVersion
  tiff.writeUInt32BE(2, entry(1, 0xb001, 4, 1)); // NumberOfImages
  const entries = 10 + 3 * 12 + 4;
  tiff.writeUInt32BE(entries, entry(2, 0xb002, 7, 32)); // MPEntry
  const segment = jpegSegment(0xe2, Buffer.concat([Buffer.from("MPF\0", "latin1"), tiff]));
  return {
    segment,
    // Offsets count from the index's TIFF header (4 + 4 bytes into the segment).
    setSizes(image, at, main, preview) {
      const base = at + 8;
      image.writeUInt32BE(0x20030000, base + entries); // representative, baseline primary image
      image.writeUInt32BE(main, base + entries + 4);
      image.writeUInt32BE(0x00010001, base + entries + 16); // large thumbnail
      image.writeUInt32BE(preview, base + entries + 20);
      image.writeUInt32BE(main - base, base + entries + 24);
    },
  };
}

/** The JPEG with a JFXX thumbnail and an MPF preview added, both a copy of `thumb`. */
function withJfxxAndMpf(jpeg: Buffer, thumb: Buffer): Buffer {
  const jfxx = jpegSegment(0xe0, Buffer.concat([Buffer.from("JFXX\0\x10", "latin1"), thumb]));
  const mpf = mpfSegment();
  const main = Buffer.concat([jpeg.subarray(0, 2), jfxx, mpf.segment, jpeg.subarray(2)]);
  mpf.setSizes(main, 2 + jfxx.length, main.length, thumb.length);
  return Buffer.concat([main, thumb]);
}

/**
 * The photo (JPEG or PNG) with every kind of embedded copy of itself a camera or editor leaves,
 * each a small copy of the photo (faces in clear), plus authorship, zone, altitude, heading and
 * focal length. Its EXIF (position, date, orientation) is kept.
 */
export async function withEmbeddedImages(photo: Buffer): Promise<Buffer> {
  const png = photo[0] === 0x89;
  return inTempDir(async (dir) => {
    const file = (name: string) => path.join(dir, name);
    const thumb = await sharp(photo).resize(160, 160, { fit: "inside" }).jpeg({ quality: 80 }).toBuffer();
    await writeFile(file("thumb.jpg"), thumb);
    await writeFile(file("makernote.exif"), makerNoteExif(thumb));
    const ext = png ? "png" : "jpg";
    await writeFile(file(`in.${ext}`), photo);
    // A maker note first (exiftool copies one it does not know only when it is there already),
    // then the photo's own EXIF and the rest on top.
    await run("exiftool", [
      "-q",
      "-EXIF<=" + file("makernote.exif"),
      "-o",
      file(`noted.${ext}`),
      file(`in.${ext}`),
    ]);
    await run("exiftool", [
      "-q",
      "-tagsFromFile",
      file(`in.${ext}`),
      "-EXIF:all",
      "-OffsetTimeOriginal=+02:00",
      "-GPSAltitude=512.5",
      "-GPSAltitudeRef=0",
      "-GPSImgDirection=123.4",
      "-GPSImgDirectionRef=T",
      "-FocalLengthIn35mmFormat=28",
      ...Object.entries(AUTHORSHIP).map(([tag, value]) => `-${tag}=${value}`),
      `-ThumbnailImage<=${file("thumb.jpg")}`,
      `-PhotoshopThumbnail<=${file("thumb.jpg")}`,
      `-XMP-xmp:ThumbnailImage<=${file("thumb.jpg")}`,
      "-XMP-xmp:ThumbnailFormat=JPEG",
      "-o",
      file(`out.${ext}`),
      file(`noted.${ext}`),
    ]);
    const out = await readFile(file(`out.${ext}`));
    return png ? out : withJfxxAndMpf(out, thumb);
  });
}

/** exiftool's reading of a file: every tag, by group, numbers as numbers. */
export async function exiftoolTags(bytes: Buffer, extra: string[] = []): Promise<Record<string, unknown>> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, bytes[0] === 0x89 ? "photo.png" : "photo.jpg");
    await writeFile(file, bytes);
    const { stdout } = await run("exiftool", ["-j", "-a", "-u", "-G1", ...extra, file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return (JSON.parse(stdout) as Record<string, unknown>[])[0] ?? {};
  });
}

/**
 * The file without its compressed PNG pixels (where any few bytes may occur by chance); a JPEG
 * whole, as its compressed pixels never hold 0xFF 0xD8.
 */
function metadataBytes(bytes: Buffer): Buffer {
  if (bytes[0] !== 0x89) return bytes;
  const parts = [bytes.subarray(0, 8)];
  for (let at = 8; at + 8 <= bytes.length;) {
    const end = at + 12 + bytes.readUInt32BE(at);
    if (bytes.toString("latin1", at + 4, at + 8) !== "IDAT") parts.push(bytes.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

/**
 * Every image a file carries besides its own pixels: the tags exiftool reads as binary data
 * (thumbnails, previews, maker notes), and each JPEG or PNG start (raw or base64) after the
 * file's own, which also finds copies exiftool has no name for.
 */
export async function embeddedImages(bytes: Buffer): Promise<string[]> {
  const binary = (value: unknown) => typeof value === "string" && value.startsWith("(Binary data");
  // -MakerNotes: a maker note exiftool does not know is shown only when asked for by name.
  const found = Object.entries(await exiftoolTags(bytes, ["-all", "-MakerNotes"]))
    // The colour profile's tone curves are binary too, and no image.
    .filter(([tag]) => !tag.startsWith("ICC_Profile:"))
    .filter(([, value]) => (Array.isArray(value) ? value.some(binary) : binary(value)))
    .map(([tag]) => tag);
  const text = metadataBytes(bytes).toString("latin1");
  const signatures: [string, string][] = [
    ["JPEG start", "\xff\xd8\xff"],
    ["PNG signature", "\x89PNG\r\n\x1a\n"],
    ["base64 JPEG", "/9j/"],
    ["base64 PNG", "iVBORw0KGgo"],
  ];
  for (const [name, signature] of signatures) {
    for (let at = text.indexOf(signature, 1); at >= 0; at = text.indexOf(signature, at + 1)) {
      found.push(`${name} at byte ${at}`);
    }
  }
  return found;
}

/** The KEPT_TAGS a file carries (numbers as numbers). */
export async function keptTags(bytes: Buffer): Promise<Record<string, unknown>> {
  const tags = await exiftoolTags(bytes, ["-n"]);
  return Object.fromEntries(KEPT_TAGS.map((tag) => [tag, tags[tag]]));
}

/** No embedded image, and the kept tags and what PoleAtlas reads are those of the upload. */
export async function expectClean(bytes: Buffer, original: Buffer): Promise<void> {
  expect(await embeddedImages(bytes)).toEqual([]);
  expect(await keptTags(bytes)).toEqual(await keptTags(original));
  const before = await readPhotoMetadata(original);
  const after = await readPhotoMetadata(bytes);
  for (const field of ["latitude", "longitude", "timestamp", "heading", "headingRef", "error"] as const) {
    expect(after[field], field).toEqual(before[field]);
  }
}
