/**
 * What measuring needs of a stored photo: its size as displayed (after the EXIF orientation: the
 * marks are placed on the upright photo) and its focal lengths from the EXIF.
 */
import type { Readable } from "node:stream";
import sharp from "sharp";
import { readFocalLengths, type FocalLengths } from "@poleatlas/shared/exif";

export interface PhotoOptics extends FocalLengths {
  width: number;
  height: number;
}

/** EXIF orientations 5 to 8 turn the photo a quarter: width and height swap. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

export async function readPhotoOptics(body: Readable): Promise<PhotoOptics> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const meta = await sharp(bytes).metadata();
  const turned = QUARTER_TURNS.has(meta.orientation ?? 1);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return {
    width: turned ? height : width,
    height: turned ? width : height,
    ...(await readFocalLengths(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))),
  };
}
