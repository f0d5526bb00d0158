/**
 * Wires the blur a member draws on a stored photo (POST /api/images/:id/blur). The blur of faces
 * on upload is part of storing a photo (photos/face-privacy.ts), not of this module.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { ImageProcessor } from "../../infra/images/image-processor";
import type { Storage } from "../../infra/storage/storage";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { createImagesRepository } from "../photos/images.repository";
import type { RequireActor } from "../workspaces/actor";
import { blurRoutes } from "./blur.routes";
import { createManualBlur } from "./manual-blur";

export function registerBlur(
  app: FastifyInstance,
  deps: {
    db: Db;
    requireActor: RequireActor;
    /** The photos' storage and the image processor they share its turns with (the photos module). */
    storage: Storage;
    images: ImageProcessor;
    temp: TempFiles;
    audit: AuditLog;
    publish: PublishEvent;
  },
): void {
  const { db, requireActor, storage, images, temp, audit, publish } = deps;
  const manualBlur = createManualBlur({
    repository: createImagesRepository(db),
    storage,
    images,
    temp,
    audit,
    publish,
    log: app.log.child({ module: "blur" }),
  });
  blurRoutes(app, { requireActor, manualBlur });
}
