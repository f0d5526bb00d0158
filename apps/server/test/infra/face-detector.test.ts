/**
 * The face detector runs face-api's network at the photo's own aspect ratio with fused layers
 * (tiny-face-net.ts): it must find the faces face-api's own detection finds, at the same pixels,
 * and put each box back where the face is in a wide or a tall image.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  createFaceDetector,
  DEFAULT_DETECTOR_OPTIONS,
  detectWithFaceApi,
  type FaceBox,
} from "../../src/infra/faces/face-detector";
import { CELL, decodeGrid } from "../../src/infra/faces/tiny-face-net";
import { distantFacePhoto, FACE, scaled, type Area } from "../helpers/faces";

const fixture = path.join(import.meta.dirname, "..", "fixtures", "astronaut.jpg");

/** The image as the scanner hands it over: RGB, its longest side at most the detector's input. */
async function asScanned(bytes: Buffer, rotate = 0) {
  const { data, info } = await sharp(bytes)
    .rotate(rotate)
    .resize(DEFAULT_DETECTOR_OPTIONS.inputSize, DEFAULT_DETECTOR_OPTIONS.inputSize, { fit: "inside" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The portrait shrunk to `side` px on a plain background of the given size, and where her face is. */
async function placed(width: number, height: number, side: number, left: number, top: number) {
  const portrait = await sharp(fixture).resize(side, side).toBuffer();
  const { data } = await sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 130, b: 110 } },
  })
    .composite([{ input: portrait, left, top }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const f = scaled(FACE, side / 512);
  return { data, face: { ...f, x: f.x + left, y: f.y + top } };
}

const centre = (b: Area) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const inside = (p: { x: number; y: number }, a: Area) =>
  p.x >= a.x && p.x <= a.x + a.width && p.y >= a.y && p.y <= a.y + a.height;

describe("the face detector", () => {
  const detector = createFaceDetector({ ...DEFAULT_DETECTOR_OPTIONS, scoreThreshold: 0.2 });

  it("finds the faces face-api's own detection finds, at the same pixels", async () => {
    const distant = (await distantFacePhoto(600)).bytes;
    const near = (await distantFacePhoto(1600)).bytes;
    const images = [
      await asScanned(await readFile(fixture)), // square, shrunk by the detector: 512 → 416
      await asScanned(distant), // 4:3, 416 × 312: a grid of 13 × 10 cells
      await asScanned(near),
      await asScanned(near, 90), // upright 3:4, 312 × 416
    ];
    for (const { data, width, height } of images) {
      const ours = await detector.detect(data, width, height);
      const faceApi = await detectWithFaceApi(
        { ...DEFAULT_DETECTOR_OPTIONS, scoreThreshold: 0.2 },
        data,
        width,
        height,
      );
      expect(faceApi.length, `${width} × ${height}`).toBeGreaterThan(0);
      expect(ours.length, `${width} × ${height}`).toBe(faceApi.length);
      for (const [i, b] of ours.entries()) {
        const want: FaceBox = faceApi[i]!;
        for (const k of ["x", "y", "width", "height"] as const) expect(b[k]).toBeCloseTo(want[k], 0);
        expect(b.score).toBeCloseTo(want.score, 2);
      }
    }
  }, 120_000);

  it("puts the box on the face in a wide and in a tall image", async () => {
    // 960 × 480 is scaled to 416 × 208 (13 × 7 cells), 480 × 960 to 208 × 416 (7 × 13): the face
    // lies in a corner cell of each, so swapping rows and columns or the two scales misses it.
    const wide = await placed(960, 480, 420, 520, 40);
    const tall = await placed(480, 960, 420, 40, 500);
    for (const [img, w, h] of [
      [wide, 960, 480],
      [tall, 480, 960],
    ] as const) {
      // The best box first, at the default threshold (at 0.2 a second, weak box appears).
      const found = await createFaceDetector().detect(img.data, w, h);
      expect(found, `${w} × ${h}`).toHaveLength(1);
      expect(inside(centre(found[0]!), img.face), `${w} × ${h}: ${JSON.stringify(found)}`).toBe(true);
      // The box is about the face's size (face-api's boxes hug the face), in the image's pixels.
      expect(found[0]!.width / img.face.width).toBeGreaterThan(0.6);
      expect(found[0]!.width / img.face.width).toBeLessThan(1.6);
    }
  }, 120_000);

  it("reads the grid row by row, a box per anchor, in the input's pixels", () => {
    // 13 columns × 10 rows × 5 anchors × (x, y, width, height, score); every score very low but
    // one: anchor 1 (6.04 × 7.08 cells) of the cell in row 7, column 2, centred in its cell.
    const rows = 10;
    const cols = 13;
    const values = new Float32Array(rows * cols * 5 * 5);
    for (let i = 4; i < values.length; i += 5) values[i] = -10;
    values[((7 * cols + 2) * 5 + 1) * 5 + 4] = 5;
    const [box, ...more] = decodeGrid({ rows, cols, values }, 0.3);
    expect(more).toEqual([]);
    expect(box!.x + box!.width / 2).toBeCloseTo(2.5 * CELL, 3);
    expect(box!.y + box!.height / 2).toBeCloseTo(7.5 * CELL, 3);
    expect(box!.width).toBeCloseTo(6.041143 * CELL, 3);
    expect(box!.height).toBeCloseTo(7.080126 * CELL, 3);
    expect(box!.score).toBeCloseTo(1 / (1 + Math.exp(-5)), 5);
  });
});
