/**
 * Manual blur: a member marks what the detector missed (a face, a plate, a house number) and the
 * stored photo and its thumbnail are replaced by blurred ones. New files go under new keys, the
 * row moves to them in one audited transaction, then the old files are deleted: the unblurred
 * bytes are gone for good, and no one is served a half-replaced photo.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import {
  canEdit,
  messages,
  privacyTexts,
  workspaceTexts,
  type BlurBox,
  type ImageRecord,
} from "@poleatlas/shared";
import type { FastifyBaseLogger } from "fastify";
import { badRequest, forbidden, notFound } from "../../errors";
import { blurAreas, insidePhoto, photoGeometry } from "../../infra/faces/photo-blur";
import {
  CONTENT_TYPES,
  ImageDecodeError,
  THUMBNAIL_CONTENT_TYPE,
  type ImageProcessor,
} from "../../infra/images/image-processor";
import type { Storage } from "../../infra/storage/storage";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { Actor } from "../workspaces/actor";
import { replaceFiles } from "./blur.repository";
import { toImageRecord } from "../photos/image-record";
import type { ImagesRepository } from "../photos/images.repository";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createManualBlur(deps: {
  repository: ImagesRepository;
  storage: Storage;
  images: ImageProcessor;
  temp: TempFiles;
  audit: AuditLog;
  publish: PublishEvent;
  log: FastifyBaseLogger;
}) {
  const { repository, storage, images, temp, audit, publish, log } = deps;

  const removeTemp = (file: string) =>
    temp.remove(file).catch((err: unknown) => log.warn({ err }, "could not remove a temp file"));

  return {
    /** Blurs these rectangles (displayed pixels) in the photo; members and up, any photo of the workspace. */
    async blur(actor: Actor, id: string, boxes: BlurBox[]): Promise<ImageRecord> {
      const { workspaceId } = actor;
      const photo = UUID.test(id) ? await repository.findOwned(workspaceId, id) : null;
      if (!photo) throw notFound(messages.imageNotFound);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);

      const original = await temp.newPath("upload");
      const blurred = await temp.newPath("blur");
      const thumb = await temp.newPath("thumb");
      try {
        const body = await storage.read(photo.storage_key);
        if (!body) {
          log.error({ key: photo.storage_key }, "a photo's row exists but its stored file does not");
          throw notFound(messages.imageNotFound);
        }
        await pipeline(body, createWriteStream(original, { flags: "wx", mode: 0o600 }));
        const format = photo.metadata.fileType === CONTENT_TYPES.png ? "png" : "jpeg";
        const geometry = await photoGeometry(original);
        if (!boxes.every((b) => insidePhoto(b, geometry)))
          throw badRequest(privacyTexts.boxOutside, "box_outside");
        try {
          await blurAreas(original, blurred, boxes, format);
          await images.thumbnail(blurred, thumb);
        } catch (err) {
          if (err instanceof ImageDecodeError) throw badRequest(messages.imageUnreadable, "invalid_image");
          throw err;
        }

        // New keys: a browser or cache holding the old URL can never get the unblurred bytes again.
        const fresh = randomUUID();
        const extension = photo.storage_key.slice(photo.storage_key.lastIndexOf(".") + 1);
        const storageKey = `utility-poles/${photo.user_id}/${fresh}.${extension}`;
        const thumbnailKey = `utility-poles/${photo.user_id}/thumbnails/${fresh}.webp`;
        const stored: string[] = [];
        const dropStored = async () => {
          for (const key of stored) await storage.delete(key).catch(() => {});
        };
        try {
          stored.push(storageKey);
          await storage.put(storageKey, blurred, photo.metadata.fileType);
          stored.push(thumbnailKey);
          await storage.put(thumbnailKey, thumb, THUMBNAIL_CONTENT_TYPE);
        } catch (err) {
          await dropStored();
          throw err;
        }

        const fileSize = await temp.size(blurred);
        let row;
        try {
          row = await repository.withLocks([workspaceId, photo.user_id], async (tx) => {
            const updated = await replaceFiles(tx, workspaceId, id, photo.storage_key, {
              storageKey,
              thumbnailKey,
              fileSize,
              boxes: boxes.length,
            });
            if (!updated) return null;
            await audit(
              actor,
              {
                action: "image.blur",
                targetType: "image",
                targetId: id,
                details: { name: photo.name, boxes: boxes.length },
              },
              tx,
            );
            const poleIds = updated.pole_id ? [updated.pole_id] : [];
            await publish(
              { workspaceId, type: "image.updated", actorId: actor.userId, imageIds: [id], poleIds },
              tx,
            );
            return updated;
          });
        } catch (err) {
          await dropStored();
          throw err;
        }
        // Deleted, or blurred by someone else meanwhile: this blur's files are not needed.
        if (!row) {
          await dropStored();
          throw notFound(messages.imageNotFound);
        }
        // The original (a HEIC kept beside its JPEG) holds the faces too: it goes with them.
        for (const key of [photo.storage_key, photo.thumbnail_key, photo.original_key]) {
          if (key === null) continue;
          await storage
            .delete(key)
            .catch((err: unknown) => log.error({ err, key }, "could not remove an unblurred file"));
        }
        return toImageRecord(row);
      } finally {
        await removeTemp(original);
        await removeTemp(blurred);
        await removeTemp(thumb);
      }
    },
  };
}

export type ManualBlur = ReturnType<typeof createManualBlur>;
