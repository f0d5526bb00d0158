/**
 * The photo a measurement is made on: the caller's own (another workspace's is as good as none),
 * with its size as displayed and its focal lengths read from the stored file.
 */
import { measureTexts, messages } from "@poleatlas/shared";
import { badRequest, notFound } from "../../errors";
import { readPhotoOptics, type PhotoOptics } from "../../infra/images/photo-optics";
import type { Storage } from "../../infra/storage/storage";
import type { ImageRow, ImagesRepository } from "../photos/images.repository";

export interface MeasuredPhoto {
  image: ImageRow;
  optics: PhotoOptics;
}

type Pixel = readonly [number, number];

export function createMeasuredPhotos(deps: { images: ImagesRepository; storage: Storage }) {
  return async function measuredPhoto(workspaceId: string, imageId: string): Promise<MeasuredPhoto> {
    const image = await deps.images.findOwned(workspaceId, imageId);
    if (!image) throw notFound(messages.imageNotFound);
    const body = await deps.storage.read(image.storage_key);
    if (!body) throw notFound(messages.imageNotFound);
    return { image, optics: await readPhotoOptics(body) };
  };
}

export type MeasuredPhotos = ReturnType<typeof createMeasuredPhotos>;

/** A 400 naming the first mark that falls outside the photo (as displayed). */
export function requireInside(optics: PhotoOptics, marks: readonly { what: string; at: Pixel }[]): void {
  const outside = marks.find(({ at: [x, y] }) => x < 0 || y < 0 || x > optics.width || y > optics.height);
  if (outside) throw badRequest(measureTexts.outsidePhoto(outside.what), "mark_outside_photo");
}
