/**
 * The EXIF a blurred photo keeps: a new TIFF block holding only the tags PoleAtlas reads (where,
 * when, in which zone, heading, orientation) and the camera and authorship facts around them.
 * Everything else is left behind, above all the IFD1 thumbnail and the maker note, where cameras
 * keep small copies of the photo (faces in clear). Entries are copied byte for byte in the
 * block's own byte order, so every kept value reads exactly as before.
 */

/** Tag ids by IFD: only these survive (with the few a valid EXIF block requires). */
const IFD0_TAGS = new Set([
  0x010f, // Make
  0x0110, // Model
  0x0112, // Orientation
  0x011a, // XResolution
  0x011b, // YResolution
  0x0128, // ResolutionUnit
  0x0132, // ModifyDate
  0x013b, // Artist
  0x0213, // YCbCrPositioning
  0x8298, // Copyright
]);
const EXIF_TAGS = new Set([
  0x9000, // ExifVersion
  0x9003, // DateTimeOriginal
  0x9004, // CreateDate
  0x9010, // OffsetTime
  0x9011, // OffsetTimeOriginal
  0x9012, // OffsetTimeDigitized
  0x9101, // ComponentsConfiguration
  0x920a, // FocalLength
  0x9290, // SubSecTime
  0x9291, // SubSecTimeOriginal
  0x9292, // SubSecTimeDigitized
  0xa000, // FlashpixVersion
  0xa001, // ColorSpace
  0xa002, // ExifImageWidth
  0xa003, // ExifImageHeight
  0xa405, // FocalLengthIn35mmFormat
]);
/** Every GPS tag but the two free-form ones (processing method, area information: any bytes). */
const GPS_TAGS = new Set([...Array(0x20).keys()].filter((tag) => tag !== 0x1b && tag !== 0x1c));

const EXIF_POINTER = 0x8769;
const GPS_POINTER = 0x8825;
const LONG = 4;

/** Bytes per component of each TIFF type (1 BYTE … 12 DOUBLE). */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];
const ASCII = 2;
/**
 * No kept tag needs more: the longest text is an Artist or Copyright, the longest number three
 * rationals (a GPS position). Too small to hold any image, whatever a hostile file puts there.
 */
const MAX_TEXT_BYTES = 256;
const MAX_NUMBERS_BYTES = 64;
const MAX_ENTRIES = 200;

/** Text (ASCII, or the UTF-8 many cameras write), never binary: no control bytes, no 0xFF. */
const isText = (value: Uint8Array) =>
  value.every((b) => b !== 0xff && (b >= 0x20 || b === 0 || b === 0x09 || b === 0x0a || b === 0x0d));

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** The value's bytes, in the block's byte order. */
  value: Uint8Array;
}

class TiffReader {
  private readonly view: DataView;
  readonly little: boolean;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.little = bytes[0] === 0x49;
  }

  u16 = (at: number) => this.view.getUint16(at, this.little);
  u32 = (at: number) => this.view.getUint32(at, this.little);

  /** The IFD's entries whose tag is in `keep` (plus their pointers' targets); bad ones are skipped. */
  entries(offset: number, keep: Set<number>): Entry[] {
    if (offset < 8 || offset + 2 > this.bytes.length) return [];
    const count = Math.min(this.u16(offset), MAX_ENTRIES);
    const found: Entry[] = [];
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12;
      if (at + 12 > this.bytes.length) break;
      const tag = this.u16(at);
      const type = this.u16(at + 2);
      const components = this.u32(at + 4);
      const size = (TYPE_SIZES[type] ?? 0) * components;
      const max = type === ASCII ? MAX_TEXT_BYTES : MAX_NUMBERS_BYTES;
      if (!keep.has(tag) || size === 0 || size > max) continue;
      const from = size <= 4 ? at + 8 : this.u32(at + 8);
      if (from + size > this.bytes.length) continue;
      const value = this.bytes.slice(from, from + size);
      if (type === ASCII && !isText(value)) continue;
      found.push({ tag, type, count: components, value });
    }
    return found;
  }

  /** Where a pointer tag of IFD0 leads, or 0. */
  pointer(offset: number, tag: number): number {
    const [entry] = this.entries(offset, new Set([tag]));
    return entry && entry.type === LONG && entry.count === 1 ? this.u32At(entry.value) : 0;
  }

  private u32At(value: Uint8Array): number {
    return new DataView(value.buffer, value.byteOffset, 4).getUint32(0, this.little);
  }
}

/** A TIFF block (II or MM) holding only the kept tags of `tiff`; null when it keeps none or is not TIFF. */
export function keptExif(tiff: Uint8Array): Uint8Array | null {
  if (tiff.length < 8) return null;
  const order = String.fromCharCode(tiff[0] ?? 0, tiff[1] ?? 0);
  if (order !== "II" && order !== "MM") return null;
  const r = new TiffReader(tiff);
  if (r.u16(2) !== 42) return null;
  const ifd0At = r.u32(4);
  const ifd0 = r.entries(ifd0At, IFD0_TAGS);
  const exif = r.entries(r.pointer(ifd0At, EXIF_POINTER), EXIF_TAGS);
  const gps = r.entries(r.pointer(ifd0At, GPS_POINTER), GPS_TAGS);
  if (ifd0.length + exif.length + gps.length === 0) return null;
  return writeTiff(r.little, ifd0, exif, gps);
}

const ifdSize = (entries: Entry[]) => 2 + entries.length * 12 + 4;

/**
 * IFD0 (with pointers to the EXIF and GPS IFDs that have entries) and no next IFD: no IFD1, so
 * no thumbnail. The three IFDs come first, then the values that do not fit in an entry.
 */
function writeTiff(little: boolean, ifd0: Entry[], exif: Entry[], gps: Entry[]): Uint8Array {
  const pointerEntry = (tag: number): Entry => ({ tag, type: LONG, count: 1, value: new Uint8Array(4) });
  const main = [...ifd0];
  if (exif.length > 0) main.push(pointerEntry(EXIF_POINTER));
  if (gps.length > 0) main.push(pointerEntry(GPS_POINTER));
  const ifds = [main, exif, gps].filter((entries) => entries.length > 0);
  for (const entries of ifds) entries.sort((a, b) => a.tag - b.tag);

  const starts: number[] = [];
  let end = 8;
  for (const entries of ifds) {
    starts.push(end);
    end += ifdSize(entries);
  }
  const outside = ifds.flat().filter((e) => e.value.length > 4);
  const total = outside.reduce((sum, e) => sum + e.value.length + (e.value.length % 2), end);

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(little ? [0x49, 0x49] : [0x4d, 0x4d]);
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  const setPointer = (entry: Entry | undefined, to: number | undefined) => {
    if (entry && to !== undefined) new DataView(entry.value.buffer).setUint32(0, to, little);
  };
  setPointer(
    main.find((e) => e.tag === EXIF_POINTER),
    starts[1],
  );
  setPointer(
    main.find((e) => e.tag === GPS_POINTER),
    starts[exif.length > 0 ? 2 : 1],
  );

  let data = end;
  ifds.forEach((entries, i) => {
    let at = starts[i] ?? 0;
    view.setUint16(at, entries.length, little);
    at += 2;
    for (const e of entries) {
      view.setUint16(at, e.tag, little);
      view.setUint16(at + 2, e.type, little);
      view.setUint32(at + 4, e.count, little);
      if (e.value.length <= 4) out.set(e.value, at + 8);
      else {
        view.setUint32(at + 8, data, little);
        out.set(e.value, data);
        // Values start on a word boundary, as TIFF asks.
        data += e.value.length + (e.value.length % 2);
      }
      at += 12;
    }
    view.setUint32(at, 0, little);
  });
  return out;
}
