/**
 * GeoPackage geometry blobs (OGC 12-128r18, 2.1.3): the "GP" header (version, flags, the
 * layer's srs_id, an optional envelope) followed by a WKB geometry. The register's poles are
 * points, so only points are written and read; a reader of any other GeoPackage learns the
 * geometry's type to say what it is.
 */

/** Little-endian, no envelope (a point's envelope is the point itself). */
const FLAGS_LITTLE_ENDIAN = 0x01;
const EMPTY_FLAG = 0x10;
const HEADER_BYTES = 8;
const WKB_POINT_BYTES = 21;

/** The bytes of an envelope by its code in the flags (bits 1-3); undefined: an invalid code. */
const ENVELOPE_BYTES: (number | undefined)[] = [0, 32, 48, 48, 64];

const WKB_TYPES: Record<number, string> = {
  1: "Point",
  2: "LineString",
  3: "Polygon",
  4: "MultiPoint",
  5: "MultiLineString",
  6: "MultiPolygon",
  7: "GeometryCollection",
};

/** A point's blob: 8 header bytes and a little-endian WKB Point, 29 bytes. */
export function gpkgPoint(srsId: number, x: number, y: number): Buffer {
  const b = Buffer.allocUnsafe(HEADER_BYTES + WKB_POINT_BYTES);
  b.write("GP", 0, "latin1");
  b.writeUInt8(0, 2);
  b.writeUInt8(FLAGS_LITTLE_ENDIAN, 3);
  b.writeInt32LE(srsId, 4);
  b.writeUInt8(1, 8);
  b.writeUInt32LE(1, 9);
  b.writeDoubleLE(x, 13);
  b.writeDoubleLE(y, 21);
  return b;
}

export type GpkgGeometry =
  | { kind: "point"; x: number; y: number }
  | { kind: "empty" }
  | { kind: "other"; type: string }
  | { kind: "invalid" };

/** The point a blob holds (a MultiPoint of one point counts as one). */
export function readGpkgGeometry(blob: Uint8Array): GpkgGeometry {
  const b = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (b.length < HEADER_BYTES || b.toString("latin1", 0, 2) !== "GP") return { kind: "invalid" };
  const flags = b.readUInt8(3);
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 0x07];
  if (envelope === undefined) return { kind: "invalid" };
  if (flags & EMPTY_FLAG) return { kind: "empty" };
  return readWkb(b, HEADER_BYTES + envelope, true);
}

function readWkb(b: Buffer, at: number, outer: boolean): GpkgGeometry {
  if (b.length < at + 5) return { kind: "invalid" };
  const little = b.readUInt8(at) === 1;
  const raw = little ? b.readUInt32LE(at + 1) : b.readUInt32BE(at + 1);
  // ISO WKB counts Z/M in the thousands (1001, 2001, 3001); the older extended form in high bits.
  const dims = (raw & 0x80000000 ? 1 : 0) + (raw & 0x40000000 ? 1 : 0);
  const iso = raw & 0x0fffffff;
  const base = iso % 1000;
  const extra = Math.floor(iso / 1000);
  const coordinates = 2 + dims + (extra === 3 ? 2 : extra > 0 ? 1 : 0);
  if (base === 4 && outer) {
    const count = little ? b.readUInt32LE(at + 5) : b.readUInt32BE(at + 5);
    if (count === 0) return { kind: "empty" };
    if (count !== 1) return { kind: "other", type: "MultiPoint" };
    return readWkb(b, at + 9, false);
  }
  if (base !== 1) return { kind: "other", type: WKB_TYPES[base] ?? `geometry type ${base}` };
  if (b.length < at + 5 + coordinates * 8) return { kind: "invalid" };
  const x = little ? b.readDoubleLE(at + 5) : b.readDoubleBE(at + 5);
  const y = little ? b.readDoubleLE(at + 13) : b.readDoubleBE(at + 13);
  // WKB writes an empty point as NaN coordinates.
  if (Number.isNaN(x) && Number.isNaN(y)) return { kind: "empty" };
  return { kind: "point", x, y };
}
