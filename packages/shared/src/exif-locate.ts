/**
 * Finds the EXIF (TIFF) block inside a JPEG or PNG without reading the whole file.
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
  return { format: null, tiff: null, problem: null };
}

type Found = Omit<LocatedExif, "format">;

async function walkJpeg(r: ByteReader): Promise<Found> {
  let offset = 2;
  for (;;) {
    const head = await r.bytes(offset, 4);
    if (head.length < 2) return { tiff: null, problem: "The JPEG file ends before its image data" };
    if (head[0] !== 0xff) return { tiff: null, problem: "The JPEG file has a broken segment" };
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    // Start of scan / end of image: EXIF always comes before the pixels.
    if (marker === 0xda || marker === 0xd9) return { tiff: null, problem: null };
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (head.length < 4) return { tiff: null, problem: "The JPEG file ends before its image data" };
    const length = u16(head, 2);
    if (length < 2) return { tiff: null, problem: "The JPEG file has a broken segment" };
    if (marker === 0xe1) {
      const sig = await r.bytes(offset + 4, 6);
      if (ascii(sig, 0, 4) === "Exif" && sig[4] === 0) {
        const start = offset + 10;
        const end = offset + 2 + length;
        if (end > r.size) return { tiff: null, problem: "The JPEG file is cut off inside its EXIF block" };
        return { tiff: (await r.bytes(start, end - start)).slice(), problem: null };
      }
    }
    offset += 2 + length;
  }
}

async function walkPng(r: ByteReader): Promise<Found> {
  let offset = 8;
  for (;;) {
    const head = await r.bytes(offset, 8);
    if (head.length < 8) return { tiff: null, problem: "The PNG file ends before its last chunk" };
    const length = u32(head, 0);
    const type = ascii(head, 4, 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return { tiff: null, problem: "The PNG file has a broken chunk" };
    if (type === "IEND") return { tiff: null, problem: null };
    if (offset + 12 + length > r.size) return { tiff: null, problem: "The PNG file is cut off" };
    if (type === "eXIf") return { tiff: (await r.bytes(offset + 8, length)).slice(), problem: null };
    offset += 12 + length;
  }
}
