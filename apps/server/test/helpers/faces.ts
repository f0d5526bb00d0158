/**
 * A real face for the face-blurring tests, and a measure of detail. The photo is the portrait of
 * astronaut Eileen Collins from NASA's Great Images collection (public domain; shipped as
 * astronaut.png in scikit-image's sample data), stored here as a 512×512 JPEG.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Her face (eyes, nose, mouth) in the upright photo, marked by hand. */
export const FACE: Area = { x: 180, y: 85, width: 80, height: 75 };
/** The mission patch on her suit: fine print, far from the face. */
export const AWAY: Area = { x: 130, y: 345, width: 85, height: 85 };

/**
 * The astronaut photo as a camera writes it: with GPS and a date, and optionally turned
 * (orientation 6: the stored pixels lie on their side, EXIF says to turn them upright).
 */
export async function astronautPhoto(o: { orientation?: 1 | 6; tag?: string } = {}): Promise<Buffer> {
  const upright = await readFile(path.join(fixtures, "astronaut.jpg"));
  let img = sharp(upright);
  if (o.orientation === 6) img = sharp(await img.rotate(-90).toBuffer()).withMetadata({ orientation: 6 });
  return img
    .withExifMerge({
      IFD0: { Make: "PoleAtlas test camera", ImageDescription: `astronaut ${o.tag ?? ""}` },
      IFD2: { DateTimeOriginal: "2024:05:06 07:08:09" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 8/1 0/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "11/1 34/1 0/100",
      },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The greyscale pixels of an area of the photo as displayed (EXIF orientation applied). */
export async function greyArea(bytes: Uint8Array, area: Area): Promise<Buffer> {
  return sharp(bytes)
    .autoOrient()
    .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
    .greyscale()
    .raw()
    .toBuffer();
}

/** Variance of the 4-neighbour Laplacian over an area: high where there is fine detail, ~0 when blurred. */
export async function laplacianVariance(bytes: Uint8Array, area: Area): Promise<number> {
  const px = await greyArea(bytes, area);
  const w = area.width;
  const values: number[] = [];
  for (let y = 1; y < area.height - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      values.push(px[i - 1]! + px[i + 1]! + px[i - w]! + px[i + w]! - 4 * px[i]!);
    }
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
}

/** An area scaled (for the thumbnail, a smaller copy of the same picture). */
export const scaled = (a: Area, f: number): Area => ({
  x: Math.round(a.x * f),
  y: Math.round(a.y * f),
  width: Math.round(a.width * f),
  height: Math.round(a.height * f),
});

/**
 * A distant face: the portrait shrunk to `side` px and placed in a plain 4000 × 3000 photo, as a
 * passer-by some metres behind the pole. At 600 px (face ~94 px wide) the detector scores her
 * 0.3–0.4 (docs/benchmarks.md "Face blurring"). Returns the photo and where her face is in it.
 */
export async function distantFacePhoto(side = 600): Promise<{ bytes: Buffer; face: Area }> {
  const portrait = await sharp(path.join(fixtures, "astronaut.jpg")).resize(side, side).toBuffer();
  const left = 1500;
  const top = 1000;
  const bytes = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: { r: 120, g: 130, b: 110 } },
  })
    .composite([{ input: portrait, left, top }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const f = scaled(FACE, side / 512);
  return { bytes, face: { ...f, x: f.x + left, y: f.y + top } };
}
