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

export type ImageFormat = "jpeg" | "png";

export interface LocatedExif {
  format: ImageFormat | null;
  /** The TIFF structure ("II*\0" / "MM\0*"), or null when the file carries no EXIF. */
  tiff: Uint8Array | null;
  /** The XMP packet's text (JPEG APP1, PNG text chunk "XML:com.adobe.xmp"), or null. */
  xmp: string | null;
  /** Set when the container itself is broken (cut off, bad lengths). */
  problem: string | null;
}

/** Random access over a Blob or bytes, reading ahead in windows so small reads stay cheap. */
class ByteReader {
  private windowStart = 0;
  private window: Uint8Array = new Uint8Array(0);

  constructor(
    readonly size: number,
    private readonly readRange: (start: number, end: number) => Promise<Uint8Array>,
  ) {}

  static from(input: Blob | ArrayBuffer | Uint8Array): ByteReader {
    if (input instanceof Uint8Array) {
      return new ByteReader(input.byteLength, (s, e) => Promise.resolve(input.subarray(s, e)));
    }
    if (input instanceof ArrayBuffer) {
      const bytes = new Uint8Array(input);
      return new ByteReader(bytes.byteLength, (s, e) => Promise.resolve(bytes.subarray(s, e)));
    }
    return new ByteReader(input.size, async (s, e) => new Uint8Array(await input.slice(s, e).arrayBuffer()));
  }

  /** Bytes [offset, offset+length), shorter only when the data ends first. */
  async bytes(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return new Uint8Array(0);
    const winEnd = this.windowStart + this.window.byteLength;
    if (offset < this.windowStart || end > winEnd) {
      // 64 KB holds the EXIF of nearly every camera JPEG in one read.
      const readEnd = Math.min(this.size, Math.max(end, offset + 65_536));
      this.window = await this.readRange(offset, readEnd);
      this.windowStart = offset;
    }
    const from = offset - this.windowStart;
    return this.window.subarray(from, from + (end - offset));
  }
}

const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32 = (b: Uint8Array, i: number) => u16(b, i) * 65_536 + u16(b, i + 2);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG or PNG by magic bytes, whatever the name or declared type says. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && PNG_SIGNATURE.every((v, i) => head[i] === v)) return "png";
  return null;
}

export async function locateExif(input: Blob | ArrayBuffer | Uint8Array): Promise<LocatedExif> {
  const reader = ByteReader.from(input);
  const format = sniffImageFormat(await reader.bytes(0, 8));
  if (format === "jpeg") return { format, ...(await walkJpeg(reader)) };
  if (format === "png") return { format, ...(await walkPng(reader)) };
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
