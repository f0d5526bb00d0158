import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeWithoutEmbeddedImages } from "./embedded-images";
import { ImageDecodeError } from "./image-processor";

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
let dir: string;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "embedded-images-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A JPEG carrying a copy of itself in EXIF, APP13 and APP2, and another after its end. */
async function jpegWithCopies(): Promise<{ main: Buffer; bytes: Buffer }> {
  const main = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#4080c0" } })
    .jpeg()
    .toBuffer();
  const thumb = await sharp(main).resize(8).jpeg().toBuffer();
  const copies = [
    segment(0xe1, Buffer.concat([Buffer.from("Exif\0\0MM\0*\0\0\0\x08\0\0\0\0\0\x10", "latin1"), thumb])),
    segment(0xed, Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), thumb])),
    segment(0xe2, Buffer.concat([Buffer.from("MPF\0", "latin1"), thumb])),
  ];
  return { main, bytes: Buffer.concat([main.subarray(0, 2), ...copies, main.subarray(2), thumb]) };
}

/** The stripped copy, or the error it gave. */
async function strip(bytes: Buffer): Promise<Buffer | Error> {
  const src = path.join(dir, `in-${++n}`);
  const dest = path.join(dir, `out-${n}`);
  await writeFile(src, bytes);
  try {
    return (await writeWithoutEmbeddedImages(src, dest, "jpeg")) ? await readFile(dest) : bytes;
  } catch (err) {
    return err as Error;
  }
}

describe("writeWithoutEmbeddedImages", () => {
  it("keeps a JPEG's segments and scans, byte for byte, and nothing else", async () => {
    const { main, bytes } = await jpegWithCopies();
    expect(bytes.indexOf(JPEG_START, 1)).toBeGreaterThan(0);
    expect(await strip(bytes)).toEqual(main);
  });

  it("answers a file cut anywhere, or bytes flipped in its head, with a clean copy or ImageDecodeError", async () => {
    const { bytes } = await jpegWithCopies();
    const cases: Buffer[] = [];
    for (let cut = 0; cut < bytes.length; cut += 7) cases.push(bytes.subarray(0, cut));
    for (let at = 2; at < 400; at += 3) {
      const flipped = Buffer.from(bytes);
      flipped[at] = flipped[at]! ^ 0xa5;
      cases.push(flipped);
    }
    let refused = 0;
    for (const input of cases) {
      const out = await strip(input);
      if (out instanceof Error) {
        expect(out).toBeInstanceOf(ImageDecodeError);
        refused += 1;
      } else {
        expect(out.indexOf(JPEG_START, 1), `${input.length} bytes`).toBe(-1);
      }
    }
    // Most cuts leave no end marker: those are refused, not stored.
    expect(refused).toBeGreaterThan(cases.length / 3);
  });
});
