/**
 * The EXIF block of a HEIC/HEIF file (ISO/IEC 23008-12, on ISO BMFF boxes). The Exif data is an
 * item: "iinf" names the item whose type is "Exif", "iloc" says where its bytes are (a base
 * offset plus extents, in the file or in the "idat" box). Read here because exifr 7.1.3 ignores
 * the iloc base offset and reads no EXIF from such files (exiftool writes them that way). Each
 * loop advances strictly and stops at the end of its box, so corrupt input cannot make it spin.
 */
import { ascii, type ByteReader, u16, u32 } from "./byte-reader";

interface Found {
  tiff: Uint8Array | null;
  xmp: string | null;
  problem: string | null;
}

interface Box {
  type: string;
  /** Where the box's content starts and ends. */
  start: number;
  end: number;
}

/** The Exif item may hold a maker's extras, but a block this size is no photo's EXIF. */
const MAX_EXIF_BYTES = 4_194_304;
const CUT = "The HEIC file is cut off";

/** Children of a box's content [from, to): size 1 is a 64-bit size, 0 runs to the end. */
async function boxes(r: ByteReader, from: number, to: number): Promise<Box[] | null> {
  const out: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    const head = await r.bytes(offset, 16);
    let size = u32(head, 0);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      size = u32(head, 8) * 4_294_967_296 + u32(head, 12);
      header = 16;
    } else if (size === 0) size = to - offset;
    if (size < header || offset + size > to) return null;
    out.push({ type: ascii(head, 4, 8), start: offset + header, end: offset + size });
    offset += size;
  }
  return out;
}

/** A big-endian unsigned integer of 0, 4 or 8 bytes (iloc's field sizes). */
function uint(b: Uint8Array, i: number, size: number): number {
  if (size === 4) return u32(b, i);
  if (size === 8) return u32(b, i) * 4_294_967_296 + u32(b, i + 4);
  return 0;
}

/** The id of the first item of type "Exif" in iinf (a full box of "infe" entries). */
async function exifItemId(r: ByteReader, iinf: Box): Promise<number | null> {
  const head = await r.bytes(iinf.start, 8);
  const entries = await boxes(r, iinf.start + (head[0] === 0 ? 6 : 8), iinf.end);
  for (const infe of entries ?? []) {
    if (infe.type !== "infe") continue;
    const b = await r.bytes(infe.start, 16);
    const version = b[0] ?? 0;
    if (version < 2) continue; // versions 0 and 1 name no item types
    const id = version === 2 ? u16(b, 4) : u32(b, 4);
    const typeAt = version === 2 ? 8 : 10;
    if (ascii(b, typeAt, typeAt + 4) === "Exif") return id;
  }
  return null;
}

interface Extent {
  /** 0: in the file; 1: inside the idat box. */
  method: number;
  offset: number;
  length: number;
}

/** Where an item's bytes are, from iloc (versions 0–2), base offset included. */
async function itemExtents(r: ByteReader, iloc: Box, itemId: number): Promise<Extent[] | null> {
  const b = await r.bytes(iloc.start, iloc.end - iloc.start);
  const version = b[0] ?? 0;
  const offsetSize = (b[4] ?? 0) >> 4;
  const lengthSize = (b[4] ?? 0) & 15;
  const baseSize = (b[5] ?? 0) >> 4;
  const indexSize = version > 0 ? (b[5] ?? 0) & 15 : 0;
  let i = 6;
  const count = version < 2 ? u16(b, i) : u32(b, i);
  i += version < 2 ? 2 : 4;
  for (let n = 0; n < count && i < b.length; n += 1) {
    const id = version < 2 ? u16(b, i) : u32(b, i);
    i += version < 2 ? 2 : 4;
    const method = version > 0 ? u16(b, i) & 15 : 0;
    if (version > 0) i += 2;
    i += 2; // data reference index
    const base = uint(b, i, baseSize);
    i += baseSize;
    const extents = u16(b, i);
    i += 2;
    const found: Extent[] = [];
    for (let e = 0; e < extents; e += 1) {
      i += indexSize;
      const offset = base + uint(b, i, offsetSize);
      i += offsetSize;
      const length = uint(b, i, lengthSize);
      i += lengthSize;
      found.push({ method, offset, length });
    }
    if (i > b.length) return null;
    if (id === itemId) return found;
  }
  return null;
}

/** The item's bytes, its extents joined; null when one lies outside the file (or idat). */
async function itemBytes(
  r: ByteReader,
  extents: Extent[],
  idat: Box | undefined,
): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const { method, offset, length } of extents) {
    const from = method === 1 ? (idat?.start ?? Infinity) + offset : offset;
    const limit = method === 1 ? (idat?.end ?? 0) : r.size;
    // A length of 0 means "to the end" (of the file or idat).
    const end = length === 0 ? limit : from + length;
    if (method > 1 || end > limit || from > end) return null;
    total += end - from;
    if (total > MAX_EXIF_BYTES) return null;
    parts.push((await r.bytes(from, end - from)).slice());
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export async function walkHeif(r: ByteReader): Promise<Found> {
  const top = await boxes(r, 0, r.size);
  const meta = top?.find((b) => b.type === "meta");
  if (!top || !meta) return { tiff: null, xmp: null, problem: top ? "The HEIC file has no image" : CUT };
  const children = await boxes(r, meta.start + 4, meta.end); // meta is a full box
  if (!children) return { tiff: null, xmp: null, problem: CUT };
  const iinf = children.find((b) => b.type === "iinf");
  const iloc = children.find((b) => b.type === "iloc");
  if (!iinf || !iloc) return { tiff: null, xmp: null, problem: "The HEIC file has no image" };
  const id = await exifItemId(r, iinf);
  if (id === null) return { tiff: null, xmp: null, problem: null };
  const extents = await itemExtents(r, iloc, id);
  const item = extents
    ? await itemBytes(
        r,
        extents,
        children.find((b) => b.type === "idat"),
      )
    : null;
  if (!item || item.length < 4) return { tiff: null, xmp: null, problem: CUT };
  // The item starts with the offset of the TIFF header after these 4 bytes ("Exif\0\0" sits between).
  const tiffAt = 4 + u32(item, 0);
  if (tiffAt >= item.length)
    return { tiff: null, xmp: null, problem: "The HEIC file has a broken EXIF block" };
  return { tiff: item.slice(tiffAt), xmp: null, problem: null };
}
