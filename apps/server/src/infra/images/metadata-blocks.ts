/**
 * Puts an EXIF block and an XMP packet into a JPEG or PNG that has none (sharp writes the
 * blurred photo without metadata): JPEG APP1 segments after the JFIF header, PNG eXIf and iTXt
 * chunks before the pixels. sharp could only write EXIF from text fields, which would not copy
 * every value exactly; these are the blocks kept-exif.ts and kept-xmp.ts made, as they are.
 */
import { crc32 } from "node:zlib";
import type { ImageFormat } from "@poleatlas/shared";

export interface MetadataBlocks {
  /** A TIFF block (II / MM), or null. */
  exif: Uint8Array | null;
  /** An XMP packet's text, or null. */
  xmp: string | null;
}

const XMP_SIGNATURE = "http://ns.adobe.com/xap/1.0/\0";
const PNG_XMP_KEYWORD = "XML:com.adobe.xmp";
const MAX_SEGMENT = 65_535;

export function withMetadataBlocks(image: Buffer, format: ImageFormat, blocks: MetadataBlocks): Buffer {
  const { exif, xmp } = blocks;
  if (!exif && xmp === null) return image;
  return format === "jpeg" ? intoJpeg(image, exif, xmp) : intoPng(image, exif, xmp);
}

function jpegSegment(marker: number, body: Buffer): Buffer {
  if (body.length + 2 > MAX_SEGMENT) throw new Error("A metadata block does not fit in one JPEG segment");
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

function intoJpeg(image: Buffer, exif: Uint8Array | null, xmp: string | null): Buffer {
  // After SOI and the APP0 (JFIF) segments sharp writes, where readers look for EXIF first.
  let at = 2;
  while (image[at] === 0xff && image[at + 1] === 0xe0) at += 2 + image.readUInt16BE(at + 2);
  const segments: Buffer[] = [];
  if (exif) segments.push(jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exif])));
  if (xmp !== null) segments.push(jpegSegment(0xe1, Buffer.from(XMP_SIGNATURE + xmp, "utf8")));
  return Buffer.concat([image.subarray(0, at), ...segments, image.subarray(at)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

function intoPng(image: Buffer, exif: Uint8Array | null, xmp: string | null): Buffer {
  // Before the first IDAT: readers stop looking at the pixels.
  let at = 8;
  while (at + 8 <= image.length && image.toString("latin1", at + 4, at + 8) !== "IDAT") {
    at += 12 + image.readUInt32BE(at);
  }
  const chunks: Buffer[] = [];
  if (exif) chunks.push(pngChunk("eXIf", Buffer.from(exif)));
  if (xmp !== null) {
    // iTXt: keyword, NUL, uncompressed (0, 0), no language, NUL, no translated keyword, NUL, text.
    const text = Buffer.concat([
      Buffer.from(`${PNG_XMP_KEYWORD}\0\0\0\0\0`, "latin1"),
      Buffer.from(xmp, "utf8"),
    ]);
    chunks.push(pngChunk("iTXt", text));
  }
  return Buffer.concat([image.subarray(0, at), ...chunks, image.subarray(at)]);
}
