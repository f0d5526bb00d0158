import { describe, expect, it } from "vitest";
import { gpkgPoint, readGpkgGeometry } from "./geopackage-geometry";

/** A blob by hand: header with these flags and envelope bytes, then the WKB. */
function blob(flags: number, envelope: number, wkb: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write("GP", 0, "latin1");
  head.writeUInt8(flags, 3);
  head.writeInt32LE(4326, 4);
  return Buffer.concat([head, Buffer.alloc(envelope, 7), wkb]);
}

function wkbPoint(little: boolean, type: number, coords: number[]): Buffer {
  const b = Buffer.alloc(5 + coords.length * 8);
  b.writeUInt8(little ? 1 : 0, 0);
  if (little) b.writeUInt32LE(type, 1);
  else b.writeUInt32BE(type, 1);
  coords.forEach((c, i) => (little ? b.writeDoubleLE(c, 5 + i * 8) : b.writeDoubleBE(c, 5 + i * 8)));
  return b;
}

describe("GeoPackage geometry blobs", () => {
  it("reads back the points it writes", () => {
    expect(readGpkgGeometry(gpkgPoint(2227, 6006957.1, 2110309.2))).toEqual({
      kind: "point",
      x: 6006957.1,
      y: 2110309.2,
    });
  });

  it("skips each envelope size, and reads big-endian, Z and M points", () => {
    for (const [code, bytes] of [
      [1, 32],
      [2, 48],
      [3, 48],
      [4, 64],
    ] as const) {
      expect(
        readGpkgGeometry(blob(0x01 | (code << 1), bytes, wkbPoint(true, 1, [1.5, 2.5]))),
        `${code}`,
      ).toEqual({
        kind: "point",
        x: 1.5,
        y: 2.5,
      });
    }
    expect(readGpkgGeometry(blob(0, 0, wkbPoint(false, 1001, [3, 4, 5])))).toEqual({
      kind: "point",
      x: 3,
      y: 4,
    });
    expect(readGpkgGeometry(blob(1, 0, wkbPoint(true, 0x80000001, [3, 4, 5])))).toEqual({
      kind: "point",
      x: 3,
      y: 4,
    });
  });

  it("tells empty, other and broken geometries apart", () => {
    expect(readGpkgGeometry(blob(0x11, 0, Buffer.alloc(0)))).toEqual({ kind: "empty" });
    expect(readGpkgGeometry(blob(1, 0, wkbPoint(true, 1, [NaN, NaN])))).toEqual({ kind: "empty" });
    expect(readGpkgGeometry(blob(1, 0, wkbPoint(true, 2, [0, 0, 1, 1])))).toEqual({
      kind: "other",
      type: "LineString",
    });
    expect(readGpkgGeometry(blob(0x01 | (5 << 1), 0, Buffer.alloc(0)))).toEqual({ kind: "invalid" });
    expect(readGpkgGeometry(Buffer.from("XX"))).toEqual({ kind: "invalid" });
    expect(readGpkgGeometry(blob(1, 0, wkbPoint(true, 1, [1])))).toEqual({ kind: "invalid" });
  });
});
