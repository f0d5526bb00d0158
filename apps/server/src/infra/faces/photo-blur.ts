/**
 * Blurring areas of a photo file with sharp, keeping the pixels outside the areas, the format, the
 * ICC profile and the metadata PoleAtlas reads (kept-exif.ts, kept-xmp.ts), and no other
 * metadata: cameras embed small copies of the photo there (EXIF, Photoshop and XMP thumbnails,
 * previews in maker notes), faces in clear. Areas are given in pixels of the photo as displayed
 * (after its EXIF orientation), as a person or the detector sees it; the file's pixels are not
 * turned, so each area is mapped back to the stored pixels.
 */
import { openAsBlob } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { BlurBox, ImageFormat } from "@poleatlas/shared";
import { locateExif } from "@poleatlas/shared/exif";
import sharp, { type Metadata } from "sharp";
import { ImageDecodeError, MAX_INPUT_PIXELS } from "../images/image-processor";
import { keptExif } from "../images/kept-exif";
import { keptXmp } from "../images/kept-xmp";
import { withMetadataBlocks, type MetadataBlocks } from "../images/metadata-blocks";

/** An area is shrunk to about this many blocks across before it is smoothed back: no detail survives. */
const BLOCKS_ACROSS = 8;
/** JPEG quality of a re-encoded photo: high, so the rest of the picture keeps its detail. */
const JPEG_QUALITY = 92;

export type Box = BlurBox;

/** The photo's size as displayed and its EXIF orientation (1–8). */
export interface PhotoGeometry {
  width: number;
  height: number;
  orientation: number;
  /** The stored pixels' size (width and height swap for orientations 5–8). */
  storedWidth: number;
  storedHeight: number;
}

export const openPhoto = (src: string) =>
  sharp(src, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS });

export async function photoGeometry(src: string): Promise<PhotoGeometry> {
  let meta: Metadata;
  try {
    meta = await openPhoto(src).metadata();
  } catch (err) {
    throw new ImageDecodeError(err);
  }
  const storedWidth = meta.width;
  const storedHeight = meta.height;
  const orientation = meta.orientation ?? 1;
  const turned = orientation >= 5;
  return {
    width: turned ? storedHeight : storedWidth,
    height: turned ? storedWidth : storedHeight,
    orientation,
    storedWidth,
    storedHeight,
  };
}

/** Grows a box by `share` of its size (half on each side), kept inside the photo. */
export function growBox(box: Box, share: number, width: number, height: number): Box {
  const dx = (box.width * share) / 2;
  const dy = (box.height * share) / 2;
  const x = Math.max(0, Math.floor(box.x - dx));
  const y = Math.max(0, Math.floor(box.y - dy));
  const right = Math.min(width, Math.ceil(box.x + box.width + dx));
  const bottom = Math.min(height, Math.ceil(box.y + box.height + dy));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/** True when the box lies wholly inside a photo of this displayed size. */
export const insidePhoto = (box: Box, g: Pick<PhotoGeometry, "width" | "height">): boolean =>
  box.x + box.width <= g.width && box.y + box.height <= g.height;

/** A displayed box in the stored (un-turned) pixels, for each EXIF orientation. */
export function toStoredBox(box: Box, g: PhotoGeometry): Box {
  const W = g.storedWidth;
  const H = g.storedHeight;
  const { x, y, width: w, height: h } = box;
  switch (g.orientation) {
    case 2:
      return { x: W - (x + w), y, width: w, height: h };
    case 3:
      return { x: W - (x + w), y: H - (y + h), width: w, height: h };
    case 4:
      return { x, y: H - (y + h), width: w, height: h };
    case 5:
      return { x: y, y: x, width: h, height: w };
    case 6:
      return { x: y, y: H - (x + w), width: h, height: w };
    case 7:
      return { x: W - (y + h), y: H - (x + w), width: h, height: w };
    case 8:
      return { x: W - (y + h), y: x, width: h, height: w };
    default:
      return { ...box };
  }
}

/** One area of the stored pixels, blurred past recognition (shrunk to a few blocks, then smoothed). */
async function blurredPatch(src: string, area: Box): Promise<Buffer> {
  const across = Math.max(area.width, area.height) / BLOCKS_ACROSS;
  const small = await openPhoto(src)
    .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
    .resize(Math.max(1, Math.round(area.width / across)), Math.max(1, Math.round(area.height / across)), {
      fit: "fill",
    })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 4 } })
    .resize(area.width, area.height, { fit: "fill", kernel: "cubic" })
    .blur(Math.max(1, across / 2))
    .png()
    .toBuffer();
}

/**
 * The metadata of `src` a blurred copy keeps. None when it cannot be read: a photo whose blocks
 * are broken loses them rather than risk a copy (the row keeps what the upload read).
 */
async function keptMetadata(src: string): Promise<MetadataBlocks> {
  try {
    // As a Blob: only the head of the file, where the metadata is, is read.
    const found = await locateExif(await openAsBlob(src));
    return {
      exif: found.tiff ? keptExif(found.tiff) : null,
      xmp: found.xmp ? keptXmp(found.xmp) : null,
    };
  } catch {
    return { exif: null, xmp: null };
  }
}

/**
 * Writes `src` with these displayed areas blurred to `dest` (a new file), in the same format,
 * with the metadata it keeps and no embedded image. Areas must lie inside the photo (see insidePhoto).
 */
export async function blurAreas(src: string, dest: string, areas: Box[], format: ImageFormat): Promise<void> {
  const g = await photoGeometry(src);
  let out: Buffer;
  try {
    const patches = [];
    for (const area of areas) {
      const stored = toStoredBox(area, g);
      patches.push({ input: await blurredPatch(src, stored), left: stored.x, top: stored.y });
    }
    const image = openPhoto(src).composite(patches).keepIccProfile();
    const pixels = await (format === "jpeg" ? image.jpeg({ quality: JPEG_QUALITY }) : image.png()).toBuffer();
    out = withMetadataBlocks(pixels, format, await keptMetadata(src));
  } catch (err) {
    throw new ImageDecodeError(err);
  }
  await writeFile(dest, out, { flag: "wx", mode: 0o600 });
}
