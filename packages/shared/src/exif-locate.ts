/**
 * Finds the EXIF (TIFF) block and the XMP packet inside a JPEG or PNG without reading the whole
 * file.
 *
 * Why not hand the file to exifr directly: exifr reads Blobs only where `navigator` and
 * `FileReader` exist (not in Node 20, not reliably in workers), and a browser reading hundreds of
 * multi-MB photos must not copy whole files. Walking the container ourselves reads a few KB per
 * photo on any platform; exifr then parses just the TIFF block. Every loop below advances its
 * offset strictly and stops at the end of the data, so corrupt input cannot make it spin.
 */

import { ascii, ByteReader, u16, u32 } from "./byte-reader";
import { walkHeif } from "./heif-items";

/** The formats stored as they come. */
export type ImageFormat = "jpeg" | "png";
/** What an upload may be: HEIC (an iPhone's photo) is accepted and stored with a JPEG rendition. */
export type UploadFormat = ImageFormat | "heic";

export interface LocatedExif {
  format: UploadFormat | null;
  /** The TIFF structure ("II*\0" / "MM\0*"), or null when the file carries no EXIF. */
  tiff: Uint8Array | null;
  /** The XMP packet's text (JPEG APP1, PNG text chunk "XML:com.adobe.xmp"), or null. */
  xmp: string | null;
  /** Set when the container itself is broken (cut off, bad lengths). */
  problem: string | null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG or PNG by magic bytes, whatever the name or declared type says. */
export function sniffImageFormat(head: Uint8Array): UploadFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && PNG_SIGNATURE.every((v, i) => head[i] === v)) return "png";
  if (isHeic(head)) return "heic";
  return null;
}

/** Brands of HEVC-coded HEIF (ISO/IEC 23008-12); an AVIF names "avif"/"avis" and none of these. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);

/** An ISO BMFF file whose first box, "ftyp", names a HEIC brand (major or compatible). */
function isHeic(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== "ftyp") return false;
  const end = Math.min(head.length, u32(head, 0));
  for (let i = 8; i + 4 <= end; i += 4) {
    if (i === 12) continue; // minor version, not a brand
    if (HEIC_BRANDS.has(ascii(head, i, i + 4))) return true;
  }
  return false;
}

export async function locateExif(input: Blob | ArrayBuffer | Uint8Array): Promise<LocatedExif> {
  const reader = ByteReader.from(input);
  // 64 bytes hold a HEIC's ftyp box with its brands; 8 are enough for JPEG and PNG.
  const format = sniffImageFormat(await reader.bytes(0, 64));
  if (format === "jpeg") return { format, ...(await walkJpeg(reader)) };
  if (format === "png") return { format, ...(await walkPng(reader)) };
  if (format === "heic") return { format, ...(await walkHeif(reader)) };
  return { format: null, tiff: null, xmp: null, problem: null };
}

type Found = Omit<LocatedExif, "format">;

const XMP_SIGNATURE = "http://ns.adobe.com/xap/1.0/\0";
const PNG_XMP_KEYWORD = "XML:com.adobe.xmp";

/**
 * What was found so far, with the container's problem. A problem after both blocks were found
 * does not matter to us (the image decoder judges the pixels); before, it is reported, as before
 * XMP was read: a block cut off is no reading.
 */
function ending(tiff: Uint8Array | null, xmp: string | null, problem: string | null): Found {
  return { tiff, xmp, problem: tiff ? null : problem };
}

/** UTF-8 text; a packet that is not valid UTF-8 reads as no packet. */
function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

async function walkJpeg(r: ByteReader): Promise<Found> {
  let offset = 2;
  let tiff: Uint8Array | null = null;
  let xmp: string | null = null;
  for (;;) {
    const head = await r.bytes(offset, 4);
    if (head.length < 2) return ending(tiff, xmp, "The JPEG file ends before its image data");
    if (head[0] !== 0xff) return ending(tiff, xmp, "The JPEG file has a broken segment");
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    // Start of scan / end of image: EXIF and XMP always come before the pixels.
    if (marker === 0xda || marker === 0xd9) return ending(tiff, xmp, null);
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (head.length < 4) return ending(tiff, xmp, "The JPEG file ends before its image data");
    const length = u16(head, 2);
    if (length < 2) return ending(tiff, xmp, "The JPEG file has a broken segment");
    const end = offset + 2 + length;
    if (marker === 0xe1) {
      const sig = await r.bytes(offset + 4, XMP_SIGNATURE.length);
      if (!tiff && ascii(sig, 0, 4) === "Exif" && sig[4] === 0) {
        if (end > r.size) return ending(null, xmp, "The JPEG file is cut off inside its EXIF block");
        tiff = (await r.bytes(offset + 10, end - offset - 10)).slice();
      } else if (xmp === null && ascii(sig, 0, sig.length) === XMP_SIGNATURE) {
        if (end > r.size) return ending(tiff, null, "The JPEG file is cut off inside its XMP packet");
        const start = offset + 4 + XMP_SIGNATURE.length;
        xmp = utf8(await r.bytes(start, end - start)) ?? "";
      }
      if (tiff && xmp !== null) return ending(tiff, xmp, null);
    }
    offset = end;
  }
}

async function walkPng(r: ByteReader): Promise<Found> {
  let offset = 8;
  let tiff: Uint8Array | null = null;
  let xmp: string | null = null;
  for (;;) {
    const head = await r.bytes(offset, 8);
    if (head.length < 8) return ending(tiff, xmp, "The PNG file ends before its last chunk");
    const length = u32(head, 0);
    const type = ascii(head, 4, 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return ending(tiff, xmp, "The PNG file has a broken chunk");
    // eXIf may follow the pixels (IDAT), so without it only IEND stops the walk; with it, the
    // pixels do: XMP written after them is rare, and walking them would read the whole file.
    if (type === "IEND" || (type === "IDAT" && tiff)) return ending(tiff, xmp, null);
    if (offset + 12 + length > r.size) return ending(tiff, xmp, "The PNG file is cut off");
    if (type === "eXIf" && !tiff) tiff = (await r.bytes(offset + 8, length)).slice();
    if (/^(iTXt|zTXt|tEXt)$/.test(type) && xmp === null && length <= 1_048_576) {
      xmp = await pngXmp(type, await r.bytes(offset + 8, length));
    }
    if (tiff && xmp !== null) return ending(tiff, xmp, null);
    offset += 12 + length;
  }
}

/**
 * The XMP text of a PNG text chunk keyed "XML:com.adobe.xmp", or null for any other chunk. The
 * standard place is iTXt (keyword, NUL, compression flag and method, language, NUL, translated
 * keyword, NUL, text); libvips (sharp) writes zTXt (keyword, NUL, method, zlib text), and tEXt
 * (keyword, NUL, text) is seen too. Text that cannot be inflated reads as empty (missing).
 */
async function pngXmp(type: string, chunk: Uint8Array): Promise<string | null> {
  const keywordEnd = chunk.indexOf(0);
  if (keywordEnd < 0 || ascii(chunk, 0, keywordEnd) !== PNG_XMP_KEYWORD) return null;
  if (type === "tEXt") return utf8(chunk.subarray(keywordEnd + 1)) ?? "";
  if (type === "zTXt") return (await inflate(chunk.subarray(keywordEnd + 2))) ?? "";
  const compressed = chunk[keywordEnd + 1] === 1;
  const languageEnd = chunk.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : chunk.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return "";
  const text = chunk.subarray(translatedEnd + 1);
  return (compressed ? await inflate(text) : utf8(text)) ?? "";
}

/** zlib data as UTF-8 text; null when it is broken or the platform cannot inflate. */
async function inflate(data: Uint8Array): Promise<string | null> {
  if (typeof DecompressionStream === "undefined") return null;
  try {
    const stream = new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream("deflate"));
    return utf8(new Uint8Array(await new Response(stream).arrayBuffer()));
  } catch {
    return null;
  }
}
