/**
 * Wires the photos module (storage, sharp, repository, service, routes). The poles, the audit
 * trail and the request limits it uses are wired beside it in app.ts and handed in.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../infra/db/database";
import { sharedDetectorPool } from "../../infra/faces/detector-pool";
import { createFaceScanner, type FaceScanner } from "../../infra/faces/face-scan";
import { createImageProcessor } from "../../infra/images/image-processor";
import { openStorage } from "../../infra/storage/create-storage";
import type { Storage } from "../../infra/storage/storage";
import { createTempFiles, TEMP_DIR_MODE } from "../../infra/uploads/temp-files";
import { sweepStaleUploads } from "../../infra/uploads/stale-uploads";
import { openResumableParts } from "../../infra/uploads/open-resumable-parts";
import { chmod, mkdir } from "node:fs/promises";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { RequireActor } from "../workspaces/actor";
import { blurRoutes } from "./blur.routes";
import { createFacePrivacy } from "./face-privacy";
import { filesRoutes } from "./files.routes";
import { createImagesRepository } from "./images.repository";
import { imagesRoutes } from "./images.routes";
import { createImagesService, type ImagesService, type PolePlacement } from "./images.service";
import { createManualBlur } from "./manual-blur";
import { createResumableUploadsRepository } from "./resumable-uploads.repository";
import { resumableUploadRoutes } from "./resumable-uploads.routes";
import { createResumableUploads } from "./resumable-uploads.service";
import type { RequestLimits } from "../../infra/limits/request-limits";

/** Temp files older than this at start-up belong to uploads a crash interrupted. */
const STALE_UPLOAD_AGE_MS = 6 * 3600 * 1000;

export interface ImagesModule {
  service: ImagesService;
  storage: Storage;
}

export async function registerImages(
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
    /** The workspace's face-blurring setting (modules/settings). */
    blurFacesIn: (workspaceId: string) => Promise<boolean>;
    /** Finds faces in uploads (default: the packaged detector; tests may hand in their own). */
    faceScanner?: FaceScanner;
  },
): Promise<ImagesModule> {
  const { config, database, requireActor, poles, audit, limits, publish, blurFacesIn } = deps;
  const storage = deps.storage ?? (await openStorage(config.storage));
  const log = app.log.child({ module: "images" });
  try {
    await storage.ensureBucket();
  } catch (err) {
    // Not fatal: the server still starts, and uploads answer 'Storage bucket not found…'.
    log.error({ err, storage: storage.kind }, "storage bucket is not available");
  }
  try {
    const removed = await sweepStaleUploads(config.uploadTmpDir, {
      // Far longer than a request may take (REQUEST_TIMEOUT_SECONDS): none still running loses its file.
      maxAgeMs: Math.max(STALE_UPLOAD_AGE_MS, 2 * config.requestTimeoutMs),
    });
    if (removed > 0) log.info({ removed }, "removed temp files of interrupted uploads");
  } catch (err) {
    log.error({ err }, "could not sweep the upload temp folder");
  }
  const repository = createImagesRepository(database.db);
  const temp = createTempFiles(config.uploadTmpDir);
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
  });
  await imagesRoutes(app, {
    requireActor,
    service,
    lists: limits.lists,
    readerStallMs: config.readerStallMs,
  });
  // Partial resumable uploads wait until their last byte in a folder of the temp folder (0700, so
  // their files are the server's alone), or with STORAGE=s3 in the bucket, where every instance
  // finds them; the temp sweep removes those abandoned for 24 h from either.
  await mkdir(config.uploadTmpDir, { recursive: true, mode: TEMP_DIR_MODE });
  await chmod(config.uploadTmpDir, TEMP_DIR_MODE);
  const parts = await openResumableParts(config.storage, config.uploadTmpDir);
  const resumable = createResumableUploads({
    images: service,
    repository: createResumableUploadsRepository(database.db),
    parts,
    log,
  });
  await resumableUploadRoutes(app, {
    requireActor,
    uploads: resumable,
    parts,
    trustedOrigins: config.auth.trustedOrigins,
  });
  filesRoutes(app, { requireActor, service });
  const manualBlur = createManualBlur({ repository, storage, images, temp, audit, publish, log });
  blurRoutes(app, { requireActor, manualBlur });
  return { service, storage };
}
