/**
 * Every upload loses the small copies of itself a camera or editor embeds (EXIF IFD1, JFXX,
 * Photoshop and XMP thumbnails, MPF previews after the main image, maker notes, any other
 * APP segment, a comment holding a picture): faces stay in clear there even where the main picture has none, so
 * the face scan cannot be what removes them. The pixels are not encoded again: a JPEG's segments
 * are rewritten around its compressed scans, which are copied byte for byte, and a PNG loses only
 * its metadata chunks. What PoleAtlas reads (kept-exif.ts, kept-xmp.ts) is written back.
 */
import { readFile, writeFile } from "node:fs/promises";
import type { ImageFormat } from "@poleatlas/shared";
import { ImageDecodeError } from "./image-processor";
import { keptExif } from "./kept-exif";
import { keptXmp } from "./kept-xmp";
import { withMetadataBlocks, type MetadataBlocks } from "./metadata-blocks";

const EXIF_ID = Buffer.from("Exif\0\0", "latin1");
const XMP_ID = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");
const JFIF_ID = Buffer.from("JFIF\0", "latin1");
const ICC_ID = Buffer.from("ICC_PROFILE\0", "latin1");
const ADOBE_ID = Buffer.from("Adobe", "latin1");
/** A JPEG's start: found anywhere in a kept segment, the segment holds a picture. */
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
/** A picture in a comment: a JPEG or PNG, raw or in base64. */
const PICTURE_STARTS = [
  JPEG_START,
  Buffer.from("\x89PNG", "latin1"),
  Buffer.from("/9j/"),
  Buffer.from("iVBORw0KGgo"),
];
const holdsPicture = (body: Buffer) => PICTURE_STARTS.some((start) => body.includes(start));
/** JFIF's APP0 up to its thumbnail's size (identifier, version, units, density, 0 × 0). */
const JFIF_BODY = 14;
/** Adobe's APP14 is 12 bytes of colour-transform flags; anything longer is not one. */
const MAX_ADOBE_BODY = 32;
const PNG_XMP_KEYWORD = "XML:com.adobe.xmp";
/** ImageMagick's text chunks holding EXIF, XMP, IPTC or Photoshop blocks in hex. */
const RAW_PROFILE = /^Raw profile type (exif|app1|xmp|iptc|8bim)$/i;

class MalformedImage extends Error {}

/**
 * Writes `src` without embedded images to `dest` (a new file) and answers true, or answers false
 * when `src` carries none and is to be stored as it is. ImageDecodeError when its structure is
 * broken (a segment or chunk running past the end, no scan, no end of image).
 */
export async function writeWithoutEmbeddedImages(
  src: string,
  dest: string,
  format: ImageFormat,
): Promise<boolean> {
  const stripper = STRIPPERS[format];
  if (!stripper) return false;
  const bytes = await readFile(src);
  let parts: Buffer[] | null;
  try {
    parts = stripper(bytes);
  } catch (err) {
    throw new ImageDecodeError(err instanceof MalformedImage ? err : new MalformedImage(String(err)));
  }
  if (!parts) return false;
  await writeFile(dest, parts, { flag: "wx", mode: 0o600 });
  return true;
}

/** The kept blocks of what the file carried; none of a block that cannot be read. */
function kept(tiff: Uint8Array | null, xmp: string | null): MetadataBlocks {
  let exif: Uint8Array | null;
  try {
    exif = tiff ? keptExif(tiff) : null;
  } catch {
    exif = null;
  }
  return { exif, xmp: xmp === null ? null : keptXmp(xmp) };
}

const startsWith = (body: Buffer, id: Buffer) =>
  body.length >= id.length && body.subarray(0, id.length).equals(id);

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * The JPEG's pieces to write: its head (SOI, the kept segments, the kept EXIF and XMP), then its
 * scans as they are up to EOI. Always a rewrite: any EXIF block may hold an IFD1 thumbnail.
 */
function jpegParts(bytes: Buffer): Buffer[] {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedImage("no JPEG start");
  const head: Buffer[] = [bytes.subarray(0, 2)];
  const icc: Buffer[] = [];
  const rest: Buffer[] = [];
  let tiff: Uint8Array | null = null;
  let xmp: string | null = null;
  let scanned = false;
  let at = 2;
  for (;;) {
    if (at + 2 > bytes.length) throw new MalformedImage("the image ends before its end marker");
    if (bytes[at] !== 0xff) throw new MalformedImage(`no marker at byte ${at}`);
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      if (!scanned) throw new MalformedImage("the image ends before its pixels");
      // The end of the main image: MPF previews and any other trailer after it stay behind.
      rest.push(bytes.subarray(at, at + 2));
      break;
    }
    if (at + 4 > bytes.length) throw new MalformedImage("a segment is cut off");
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length)
      throw new MalformedImage(`a segment at byte ${at} runs past the end`);
    const whole = bytes.subarray(at, end);
    const body = bytes.subarray(at + 4, end);
    // Segments before the first scan go into the head; later ones (between progressive scans) stay in place.
    const out = scanned ? rest : head;
    if (marker === 0xe0) {
      if (startsWith(body, JFIF_ID) && body.length >= JFIF_BODY) {
        const jfif = Buffer.from(body.subarray(0, JFIF_BODY));
        jfif[12] = 0; // its thumbnail's width and height: none
        jfif[13] = 0;
        out.push(segment(0xe0, jfif));
      }
    } else if (marker === 0xe1) {
      if (tiff === null && startsWith(body, EXIF_ID)) tiff = body.subarray(EXIF_ID.length);
      else if (xmp === null && startsWith(body, XMP_ID)) xmp = body.subarray(XMP_ID.length).toString("utf8");
    } else if (marker === 0xe2) {
      if (startsWith(body, ICC_ID)) {
        out.push(whole);
        icc.push(whole);
      }
    } else if (marker === 0xee) {
      if (startsWith(body, ADOBE_ID) && body.length <= MAX_ADOBE_BODY) out.push(whole);
    } else if (marker === 0xfe) {
      // A comment is the user's text, kept unless it holds a picture.
      if (!holdsPicture(body)) out.push(whole);
    } else if (marker >= 0xc0 && marker <= 0xdf) {
      // Frame, tables, restart interval, scan: the picture itself.
      out.push(whole);
    }
    // Everything else (other APPn, JPG extensions) is metadata PoleAtlas does not read.
    at = end;
    if (marker === 0xda) {
      scanned = true;
      const next = scanEnd(bytes, at);
      rest.push(bytes.subarray(at, next));
      at = next;
    }
  }
  // A colour profile is kept whole or not at all (its pieces only mean something together).
  const dropped = new Set(icc.some((piece) => piece.includes(JPEG_START)) ? icc : []);
  const keep = (parts: Buffer[]) => parts.filter((part) => !dropped.has(part));
  return [withMetadataBlocks(Buffer.concat(keep(head)), "jpeg", kept(tiff, xmp)), ...keep(rest)];
}

/** Where a scan's compressed data ends: the first marker that is not stuffing or a restart. */
function scanEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) throw new MalformedImage("the image ends inside its pixels");
    const next = bytes[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

/** A PNG text chunk's keyword (up to its NUL). */
const keyword = (data: Buffer) => data.toString("latin1", 0, Math.max(0, data.indexOf(0)));

/**
 * The PNG's chunks without its EXIF, XMP and raw profiles (the kept EXIF and XMP written back
 * before the pixels); null when it has none of them and nothing after its end.
 */
function pngParts(bytes: Buffer): Buffer[] | null {
  const before: Buffer[] = [bytes.subarray(0, 8)];
  const after: Buffer[] = [];
  let tiff: Uint8Array | null = null;
  let xmp: string | null = null;
  let dropped = false;
  let ended = false;
  let at = 8;
  while (!ended) {
    if (at + 12 > bytes.length) throw new MalformedImage("the image ends before its IEND chunk");
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) throw new MalformedImage(`a chunk at byte ${at} runs past the end`);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    const out = type === "IDAT" || after.length > 0 ? after : before;
    ended = type === "IEND";
    if (type === "eXIf") {
      tiff ??= data;
      dropped = true;
    } else if ((type === "iTXt" || type === "tEXt" || type === "zTXt") && keyword(data) === PNG_XMP_KEYWORD) {
      // An uncompressed iTXt: keyword NUL, flag 0, method, language NUL, translated keyword NUL, text.
      if (xmp === null && type === "iTXt" && data[PNG_XMP_KEYWORD.length + 1] === 0) {
        const lang = data.indexOf(0, PNG_XMP_KEYWORD.length + 3);
        const translated = lang < 0 ? -1 : data.indexOf(0, lang + 1);
        if (translated >= 0) xmp = data.subarray(translated + 1).toString("utf8");
      }
      dropped = true;
    } else if ((type === "tEXt" || type === "zTXt") && RAW_PROFILE.test(keyword(data))) {
      dropped = true;
    } else {
      out.push(bytes.subarray(at, end));
    }
    at = end;
  }
  if (!dropped && at === bytes.length) return null;
  return [withMetadataBlocks(Buffer.concat(before), "png", kept(tiff, xmp)), ...after];
}

/**
 * The formats whose embedded images are known: a format added without its own stripper is stored
 * as received (its pixels cannot be told from its metadata here).
 */
const STRIPPERS: Partial<Record<ImageFormat, (bytes: Buffer) => Buffer[] | null>> = {
  jpeg: jpegParts,
  png: pngParts,
};
