/**
 * Wires the photos module (storage, sharp, repository, service, routes). The poles, the audit
 * trail, the upload temp folder and the request limits it uses are wired beside it in app.ts and
 * handed in.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../infra/db/database";
import { sharedDetectorPool } from "../../infra/faces/detector-pool";
import { createFaceScanner, type FaceScanner } from "../../infra/faces/face-scan";
import { createImageProcessor, type ImageProcessor } from "../../infra/images/image-processor";
import type { RequestLimits } from "../../infra/limits/request-limits";
import { openStorage } from "../../infra/storage/create-storage";
import type { Storage } from "../../infra/storage/storage";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { RequireActor } from "../workspaces/actor";
import { createFacePrivacy } from "./face-privacy";
import { sharedHeicDecoder } from "../../infra/images/heic-decoder";
import { filesRoutes } from "./files.routes";
import { createImagesRepository } from "./images.repository";
import { imagesRoutes } from "./images.routes";
import { createImagesService, type ImagesService, type PolePlacement } from "./images.service";

export interface PhotosModule {
  service: ImagesService;
  storage: Storage;
  /** sharp's work, in turns the whole process shares (the blur module draws with it too). */
  processor: ImageProcessor;
}

export async function registerPhotos(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    storage?: Storage;
    requireActor: RequireActor;
    /** Where each upload finds its pole (the poles module). */
    poles: PolePlacement;
    audit: AuditLog;
    limits: RequestLimits;
    publish: PublishEvent;
    /** The upload temp folder (the uploads module). */
    temp: TempFiles;
    /** The workspace's face-blurring setting (modules/settings). */
    blurFacesIn: (workspaceId: string) => Promise<boolean>;
    /** Finds faces in uploads (default: the packaged detector; tests may hand in their own). */
    faceScanner?: FaceScanner;
  },
): Promise<PhotosModule> {
  const { config, database, requireActor, poles, audit, limits, publish, temp, blurFacesIn } = deps;
  const storage = deps.storage ?? (await openStorage(config.storage));
  const log = app.log.child({ module: "photos" });
  try {
    await storage.ensureBucket();
  } catch (err) {
    // Not fatal: the server still starts, and uploads answer 'Storage bucket not found…'.
    log.error({ err, storage: storage.kind }, "storage bucket is not available");
  }
  const repository = createImagesRepository(database.db);
  const images = createImageProcessor();
  // The detector runs on worker threads, off the request thread (docs/architecture.md).
  const scanner = deps.faceScanner ?? createFaceScanner(sharedDetectorPool());
  const service = createImagesService({
    repository,
    storage,
    images,
    temp,
    slots: limits.uploads,
    log,
    poles,
    audit,
    publish,
    teamQuotaBytes: config.teamQuotaBytes,
    privacy: createFacePrivacy({ scanner, temp, blurFacesIn }),
    renditions: sharedHeicDecoder(),
  });
  await imagesRoutes(app, {
    requireActor,
    service,
    lists: limits.lists,
    readerStallMs: config.readerStallMs,
  });
  filesRoutes(app, { requireActor, service });
  return { service, storage, processor: images };
}
