/**
 * The lens data of a photo stored before uploads kept it: read once from the stored file (its
 * EXIF and its header), the same way the upload reads a received one.
 */
import type { Readable } from "node:stream";
import type { PhotoOptics } from "@poleatlas/shared";
import { readPhotoMetadata } from "@poleatlas/shared/exif";
import { displayedSize } from "./image-processor";

export async function opticsOfStored(file: Readable): Promise<PhotoOptics | null> {
  const bytes = Buffer.concat((await file.toArray()) as Buffer[]);
  const size = await displayedSize(bytes);
  if (!size) return null;
  return { ...size, ...(await readPhotoMetadata(bytes)).lens };
}
