/**
 * A stored thumbnail (WebP) as JPEG, for documents that cannot hold WebP (pdfkit embeds JPEG and
 * PNG only). Thumbnails are small, so the copy is made whole in memory.
 */
import type { Readable } from "node:stream";
import sharp from "sharp";
import { THUMBNAIL_SIZE } from "./image-processor";

export async function jpegCopy(stored: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stored) chunks.push(chunk as Buffer);
  return sharp(Buffer.concat(chunks), { failOn: "warning" })
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 75 })
    .toBuffer();
}
