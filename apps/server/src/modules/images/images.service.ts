/**
 * The rules about photos: who may see what, the quota, and the order of steps that keeps the
 * database and the stored files in agreement (no row without files, no files without a row).
 */
import { randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import {
  bytesToMB,
  messages,
  parseRegionKey,
  regionKey,
  STORAGE_QUOTA_BYTES,
  type ImageRecord,
  type PhotoMetadata,
  type RegionSummary,
  type StorageUsage,
} from "@poleatlas/shared";
import { readPhotoMetadata } from "@poleatlas/shared/exif";
import type { FastifyBaseLogger } from "fastify";
import { AppError, badRequest, notFound } from "../../errors";
import {
  CONTENT_TYPES,
  EXTENSIONS,
  ImageDecodeError,
  THUMBNAIL_CONTENT_TYPE,
  type ImageProcessor,
} from "../../infra/images/image-processor";
import type { Storage } from "../../infra/storage/storage";
import { toImageRecord } from "./image-record";
import type { ImagesRepository } from "./images.repository";
import type { ReceivedUpload } from "./upload-receiver";

export interface ImagesServiceDeps {
  repository: ImagesRepository;
  storage: Storage;
  images: ImageProcessor;
  tmpDir: string;
  log: FastifyBaseLogger;
}

/** Hands the request's file over, written to a temp file of at most `maxBytes` bytes. */
export type ReceiveFile = (maxBytes: number) => Promise<ReceivedUpload | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const quotaExceeded = (usedBytes: number) =>
  new AppError(413, "quota_exceeded", messages.quotaExceeded(bytesToMB(usedBytes)));

/** The spec's insert rule: a name, and metadata with its timestamp. */
export function validateNewImage(name: string, metadata: Partial<PhotoMetadata> | null | undefined): void {
  if (!name.trim()) throw badRequest(messages.imageNameRequired, "name_required");
  if (!metadata?.timestamp) throw badRequest(messages.imageMetadataRequired, "metadata_required");
}

function parseLastModified(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || Number.isNaN(new Date(n).getTime())) {
    throw badRequest(messages.invalidLastModified, "invalid_last_modified");
  }
  return n;
}

export function createImagesService(deps: ImagesServiceDeps) {
  const { repository, storage, images, log } = deps;

  async function removeQuietly(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage
        .delete(key)
        .catch((err: unknown) => log.error({ err, key }, "could not remove a stored file"));
    }
  }

  /**
   * The transaction failed, so the files stored for it must go, unless the row exists after all:
   * a COMMIT whose answer was lost (connection dropped) may still have committed. A failure before
   * COMMIT rolled back for sure; after it, only a fresh look at the table can tell.
   */
  async function discardAfterFailedInsert(id: string, keys: string[], reachedCommit: boolean): Promise<void> {
    if (reachedCommit) {
      const exists = await repository.exists(id).catch((err: unknown) => {
        log.error({ err, id, keys }, "upload failed at COMMIT and its row cannot be checked: files kept");
        return true;
      });
      if (exists) return;
    }
    await removeQuietly(keys);
  }

  return {
    async usage(userId: string): Promise<StorageUsage> {
      return { usedBytes: await repository.usage(userId), quotaBytes: STORAGE_QUOTA_BYTES };
    },

    async list(userId: string, regionId?: string): Promise<ImageRecord[]> {
      let region: { longitude: number; latitude: number } | undefined;
      if (regionId !== undefined) {
        region = parseRegionKey(regionId) ?? undefined;
        if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
      }
      return (await repository.list(userId, region)).map(toImageRecord);
    },

    async regions(userId: string): Promise<RegionSummary[]> {
      return (await repository.regions(userId)).map((r, i) => ({
        id: regionKey(r.region_lon, r.region_lat),
        name: `Region ${i + 1}`,
        // `+ 0`: PostgreSQL may hand back -0 for a region just west of 0°; JSON has no -0 either.
        longitude: r.region_lon + 0,
        latitude: r.region_lat + 0,
        count: r.count,
        bounds: {
          minLon: r.min_lon + 0,
          minLat: r.min_lat + 0,
          maxLon: r.max_lon + 0,
          maxLat: r.max_lat + 0,
        },
      }));
    },

    /**
     * Upload: receive under the remaining quota → check the bytes → read metadata → thumbnail →
     * store both files → one short transaction under the user's lock (re-check quota, insert) →
     * commit. Any failure leaves neither row nor file.
     */
    async upload(userId: string, receive: ReceiveFile): Promise<ImageRecord> {
      const usedBefore = await repository.usage(userId);
      const received = await receive(Math.max(0, STORAGE_QUOTA_BYTES - usedBefore));
      if (!received) throw badRequest(messages.noFilesSelected, "file_required");
      const thumbPath = path.join(deps.tmpDir, `thumb-${randomUUID()}.webp`);
      try {
        await mkdir(deps.tmpDir, { recursive: true });
        // Over the limit the temp file is cut short; the quota, not the file, is the problem.
        if (received.truncated) throw quotaExceeded(usedBefore);
        const lastModified = parseLastModified(received.fields.lastModified);
        const name = received.filename.trim();
        if (received.size === 0) throw badRequest(messages.imageEmpty, "empty_file");
        const format = await images.sniff(received.path);
        if (!format) throw new AppError(415, "unsupported_type", messages.onlyJpegPng);

        const reading = await readPhotoMetadata(await openAsBlob(received.path), {
          lastModified: lastModified ?? undefined,
        });
        const metadata: PhotoMetadata = {
          latitude: reading.latitude,
          longitude: reading.longitude,
          timestamp: reading.timestamp,
          filename: received.filename,
          fileSize: received.size,
          fileType: CONTENT_TYPES[format],
          lastModified,
        };
        validateNewImage(name, metadata);

        try {
          await images.thumbnail(received.path, thumbPath);
        } catch (err) {
          if (err instanceof ImageDecodeError) throw badRequest(messages.imageUnreadable, "invalid_image");
          throw err;
        }

        // Both files go into storage under fresh keys BEFORE the lock: storage may be slow (S3), and
        // a transaction waiting on it would hold a pool connection, and the user's lock, all along.
        const id = randomUUID();
        const storageKey = `utility-poles/${userId}/${id}.${EXTENSIONS[format]}`;
        const thumbnailKey = `utility-poles/${userId}/thumbnails/${id}.webp`;
        // Listed before each put: a put that fails late (e.g. S3 stored it, the answer got lost)
        // may still have left its object, and deleting a missing key is no error.
        const stored: string[] = [];
        try {
          stored.push(storageKey);
          await storage.put(storageKey, received.path, metadata.fileType);
          stored.push(thumbnailKey);
          await storage.put(thumbnailKey, thumbPath, THUMBNAIL_CONTENT_TYPE);
        } catch (err) {
          await removeQuietly(stored);
          throw err;
        }

        // Inside the transaction only: lock → quota re-check → insert.
        let reachedCommit = false;
        try {
          const row = await repository.withUserLock(userId, async (tx) => {
            const used = await repository.usage(userId, tx);
            if (used + received.size > STORAGE_QUOTA_BYTES) throw quotaExceeded(used);
            const inserted = await repository.insert(tx, {
              id,
              userId,
              storageKey,
              thumbnailKey,
              name,
              // The spec's rule: the original date, else lastModified's, else today's (UTC).
              date: reading.date ?? reading.timestamp.slice(0, 10),
              latitude: reading.latitude,
              longitude: reading.longitude,
              fileSize: received.size,
              metadata,
            });
            reachedCommit = true;
            return inserted;
          });
          return toImageRecord(row);
        } catch (err) {
          await discardAfterFailedInsert(id, stored, reachedCommit);
          throw err;
        }
      } finally {
        await unlink(received.path).catch(() => {});
        await unlink(thumbPath).catch(() => {});
      }
    },

    /** Owner only: the row goes first (filtered on id and user), then its files. */
    async delete(userId: string, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound(messages.imageNotFound);
      const row = await repository.deleteOwned(userId, id);
      if (!row) throw notFound(messages.imageNotFound);
      // The photo is gone for the user either way; a file left behind is an operator's cleanup.
      await removeQuietly([row.storage_key, row.thumbnail_key]);
    },

    /** The stored file behind /files/<key>, when the caller owns it. */
    async fileFor(userId: string, key: string): Promise<{ key: string; contentType: string } | null> {
      const row = await repository.findByKey(userId, key);
      if (!row) return null;
      return { key, contentType: key === row.thumbnail_key ? THUMBNAIL_CONTENT_TYPE : row.metadata.fileType };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
