/**
 * sharp behind a small interface: a thumbnail. (What kind of image a file is comes from its bytes,
 * read once by the shared readPhotoMetadata.) Decoding the whole picture for the thumbnail is also the check that the file is a
 * complete, readable image: a cut-off JPEG fails here instead of reaching the map.
 */
import { writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import type { ImageFormat } from "@poleatlas/shared";
import sharp, { type OutputInfo } from "sharp";
import { turns } from "./turns";

export const THUMBNAIL_SIZE = 256;
export const THUMBNAIL_CONTENT_TYPE = "image/webp";

/**
 * sharp's own guard on what it decodes. New uploads are refused over MAX_PHOTO_PIXELS by their
 * header first (images.service.ts); stored photos of up to 150 MP, taken in before that limit,
 * must still decode for a blur by hand or a new thumbnail, so the guard stays at the old bound.
 */
export const MAX_INPUT_PIXELS = 150_000_000;

export const CONTENT_TYPES: Record<ImageFormat, string> = { jpeg: "image/jpeg", png: "image/png" };
export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: "jpg", png: "png" };
/** Uploaded as they come from an iPhone; stored as a JPEG rendition (heic-decoder.ts). */
export const HEIC_CONTENT_TYPES = ["image/heic", "image/heif"];

export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super(`Image could not be decoded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ImageDecodeError";
  }
}

/** A photo already decoded: upright, small, RGB (3 bytes a pixel, rows top to bottom). */
export interface Preview {
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageProcessor {
  /**
   * Writes a WebP thumbnail (EXIF orientation applied) to `dest`; ImageDecodeError if unreadable.
   * Given the photo's `preview` (the face scan decoded it already), it is made from that copy and
   * the file is not read again.
   */
  thumbnail(src: string, dest: string, preview?: Preview): Promise<{ width: number; height: number }>;
  /** The photo's size as displayed (after its EXIF orientation), from its header; null if unreadable. */
  displayedSize(src: string): Promise<{ width: number; height: number } | null>;
  /** How many pixels the header says, however many (the limit is the caller's); null if unreadable. */
  headerPixels(src: string): Promise<number | null>;
}

/**
 * `concurrency`: thumbnails decoded at once (default: one per core, sharp's own one thread each).
 * Each holds one of libuv's 4 pool threads for its whole decode; with four uploads decoding at
 * once, the other uploads' file writes and reads, and the session cookie's HMAC check, queued
 * behind them for ~100 ms while two decodes already kept both cores busy (docs/benchmarks.md "Ingest").
 */
export function createImageProcessor(opts: { concurrency?: number } = {}): ImageProcessor {
  const inTurn = turns(Math.max(1, opts.concurrency ?? availableParallelism()));
  return {
    thumbnail: (src, dest, preview) => inTurn(() => makeThumbnail(src, dest, preview)),
    displayedSize,
    headerPixels,
  };
}

async function headerPixels(src: string): Promise<number | null> {
  try {
    // No limitInputPixels: reading a header decodes nothing, and the count is what is asked.
    const { width, height } = await sharp(src, { limitInputPixels: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/** Orientations 5–8 turn the picture a quarter: its width is the stored height. */
export async function displayedSize(src: string | Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height, orientation } = await sharp(src, {
      limitInputPixels: MAX_INPUT_PIXELS,
    }).metadata();
    if (!width || !height) return null;
    return (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

async function makeThumbnail(
  src: string,
  dest: string,
  preview?: Preview,
): Promise<{ width: number; height: number }> {
  let out: { data: Buffer; info: OutputInfo };
  try {
    // failOn "warning": libjpeg/libpng only warn about truncated data; we want an error.
    out = await (
      preview
        ? sharp(preview.data, { raw: { width: preview.width, height: preview.height, channels: 3 } })
        : sharp(src, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS }).autoOrient()
    )
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new ImageDecodeError(err);
  }
  // Written separately, so a disk problem is not mistaken for a broken photo.
  await writeFile(dest, out.data, { flag: "wx", mode: 0o600 });
  return { width: out.info.width, height: out.info.height };
}
