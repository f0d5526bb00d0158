import { readPhotoMetadata } from "@poleatlas/shared/exif";
import { describe, expect, it } from "vitest";
import { keptExif } from "./kept-exif";

interface RawEntry {
  tag: number;
  type: number;
  count: number;
  value: Buffer;
}

const ascii = (tag: number, text: string): RawEntry => ({
  tag,
  type: 2,
  count: text.length + 1,
  value: Buffer.from(`${text}\0`, "latin1"),
});
const undefinedBytes = (tag: number, value: Buffer): RawEntry => ({
  tag,
  type: 7,
  count: value.length,
  value,
});

/**
 * A TIFF block as a camera lays it out: IFD0 (pointing to the EXIF and GPS IFDs), then IFD1 with
 * its thumbnail. Values are given in the block's byte order.
 */
function cameraTiff(
  little: boolean,
  ifds: { ifd0: RawEntry[]; exif: RawEntry[]; gps: RawEntry[]; thumbnail: Buffer },
): Buffer {
  const out = Buffer.alloc(4096);
  const u16 = (v: number, at: number) => (little ? out.writeUInt16LE(v, at) : out.writeUInt16BE(v, at));
  const u32 = (v: number, at: number) => (little ? out.writeUInt32LE(v, at) : out.writeUInt32BE(v, at));
  const long = (tag: number, v: number): RawEntry => {
    const value = Buffer.alloc(4);
    if (little) value.writeUInt32LE(v);
    else value.writeUInt32BE(v);
    return { tag, type: 4, count: 1, value };
  };
  out.write(little ? "II" : "MM", 0, "latin1");
  u16(42, 2);
  u32(8, 4);
  let data = 2048;
  const writeIfd = (at: number, entries: RawEntry[], next: number) => {
    u16(entries.length, at);
    entries.forEach((e, i) => {
      const p = at + 2 + i * 12;
      u16(e.tag, p);
      u16(e.type, p + 2);
      u32(e.count, p + 4);
      if (e.value.length <= 4) e.value.copy(out, p + 8);
      else {
        u32(data, p + 8);
        e.value.copy(out, data);
        data += e.value.length + (e.value.length % 2);
      }
    });
    u32(next, at + 2 + entries.length * 12);
  };
  const thumbAt = 3500;
  ifds.thumbnail.copy(out, thumbAt);
  writeIfd(8, [...ifds.ifd0, long(0x8769, 400), long(0x8825, 800)], 1200);
  writeIfd(400, ifds.exif, 0);
  writeIfd(800, ifds.gps, 0);
  writeIfd(1200, [long(0x0201, thumbAt), long(0x0202, ifds.thumbnail.length)], 0);
  return out.subarray(0, Math.max(data, thumbAt + ifds.thumbnail.length));
}

/** A JPEG holding only this EXIF block, for the shared reader. */
const jpegWith = (tiff: Uint8Array) => {
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([head, body, Buffer.from([0xff, 0xda, 0, 2, 0xff, 0xd9])]);
};

const THUMBNAIL = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xdb]),
  Buffer.alloc(60, 7),
  Buffer.from([0xff, 0xd9]),
]);

function rationals(little: boolean, ...pairs: [number, number][]): RawEntry["value"] {
  const value = Buffer.alloc(pairs.length * 8);
  pairs.forEach(([n, d], i) => {
    if (little) {
      value.writeUInt32LE(n, i * 8);
      value.writeUInt32LE(d, i * 8 + 4);
    } else {
      value.writeUInt32BE(n, i * 8);
      value.writeUInt32BE(d, i * 8 + 4);
    }
  });
  return value;
}

function camera(little: boolean): Buffer {
  const short = (tag: number, v: number): RawEntry => {
    const value = Buffer.alloc(2);
    if (little) value.writeUInt16LE(v);
    else value.writeUInt16BE(v);
    return { tag, type: 3, count: 1, value };
  };
  return cameraTiff(little, {
    ifd0: [
      ascii(0x010e, "a description"),
      short(0x0112, 6),
      ascii(0x013b, "Field crew 7"),
      ascii(0x8298, "PoleAtlas test utility"),
    ],
    exif: [
      ascii(0x9003, "2024:05:06 07:08:09"),
      ascii(0x9011, "+02:00"),
      undefinedBytes(0x927c, THUMBNAIL),
      undefinedBytes(0x9286, Buffer.from("ASCII\0\0\0a comment", "latin1")),
    ],
    gps: [
      ascii(0x0001, "S"),
      { tag: 0x0002, type: 5, count: 3, value: rationals(little, [33, 1], [51, 1], [5442, 100]) },
      ascii(0x0003, "E"),
      { tag: 0x0004, type: 5, count: 3, value: rationals(little, [151, 1], [12, 1], [3564, 100]) },
      ascii(0x0010, "T"),
      { tag: 0x0011, type: 5, count: 1, value: rationals(little, [1234, 10]) },
      undefinedBytes(0x001c, THUMBNAIL),
    ],
    thumbnail: THUMBNAIL,
  });
}

describe("keptExif", () => {
  it.each([
    ["little-endian", true],
    ["big-endian", false],
  ])("keeps what PoleAtlas reads and authorship from a %s block, and no thumbnail", async (_, little) => {
    const original = camera(little);
    const kept = Buffer.from(keptExif(original)!);
    expect(kept.toString("latin1", 0, 2)).toBe(little ? "II" : "MM");
    expect(kept.includes(Buffer.from([0xff, 0xd8]))).toBe(false);
    const text = kept.toString("latin1");
    expect(text).toContain("Field crew 7");
    expect(text).toContain("PoleAtlas test utility");
    expect(text).not.toContain("a description");
    expect(text).not.toContain("a comment");
    // IFD0 is the last IFD: no IFD1.
    const ifd0Entries = little ? kept.readUInt16LE(8) : kept.readUInt16BE(8);
    const next = 8 + 2 + ifd0Entries * 12;
    expect(little ? kept.readUInt32LE(next) : kept.readUInt32BE(next)).toBe(0);

    const before = await readPhotoMetadata(jpegWith(original));
    const after = await readPhotoMetadata(jpegWith(kept));
    expect(before.latitude).toBeCloseTo(-(33 + 51 / 60 + 54.42 / 3600), 9);
    expect(before.heading).toBeCloseTo(123.4, 9);
    expect(after).toEqual(before);
  });

  it("is nothing for a block with nothing to keep, or no TIFF", () => {
    const bare = cameraTiff(true, { ifd0: [ascii(0x010e, "x")], exif: [], gps: [], thumbnail: THUMBNAIL });
    expect(keptExif(bare)).toBeNull();
    expect(keptExif(Buffer.from("not a tiff at all"))).toBeNull();
    expect(keptExif(new Uint8Array(0))).toBeNull();
  });

  it("never throws on a damaged block: cut anywhere or with bytes changed", () => {
    const original = camera(false);
    for (let cut = 0; cut < original.length; cut += 7) {
      expect(() => keptExif(original.subarray(0, cut))).not.toThrow();
    }
    let seed = 1;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 300; round++) {
      const damaged = Buffer.from(original);
      for (let i = 0; i < 8; i++) damaged[Math.floor(random() * 1300)] = Math.floor(random() * 256);
      const kept = keptExif(damaged);
      if (kept) expect(["II", "MM"]).toContain(Buffer.from(kept).toString("latin1", 0, 2));
    }
  });

  it("drops a kept tag that holds binary bytes or more than its kind needs", () => {
    const hostile = cameraTiff(true, {
      ifd0: [
        { tag: 0x013b, type: 2, count: THUMBNAIL.length, value: THUMBNAIL },
        ascii(0x8298, "x".repeat(300)),
        undefinedBytes(0x0110, THUMBNAIL),
        ascii(0x010f, "Kamera Süd"),
      ],
      exif: [],
      gps: [],
      thumbnail: THUMBNAIL,
    });
    const kept = Buffer.from(keptExif(hostile)!);
    expect(kept.includes(Buffer.from([0xff, 0xd8]))).toBe(false);
    expect(kept.toString("latin1")).not.toContain("xxxx");
    expect(kept.toString("latin1")).toContain("Kamera Süd");
  });
});
