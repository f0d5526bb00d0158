/**
 * Wires the resumable uploads (tus, /api/uploads): the web app's way to send a photo, piece by
 * piece; the complete file goes to the photos module's upload like a multipart body.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../infra/db/database";
import { openResumableParts } from "../../infra/uploads/open-resumable-parts";
import type { ImagesService } from "../photos/images.service";
import type { RequireActor } from "../workspaces/actor";
import { createResumableUploadsRepository } from "./resumable-uploads.repository";
import { resumableUploadRoutes } from "./resumable-uploads.routes";
import { createResumableUploads } from "./resumable-uploads.service";

export async function registerResumableUploads(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, "storage" | "uploadTmpDir" | "auth">;
    db: Db;
    requireActor: RequireActor;
    /** Stores the complete file (the photos module). */
    images: ImagesService;
  },
): Promise<void> {
  const { config, db, requireActor, images } = deps;
  // Partial uploads wait until their last byte in a folder of the temp folder (the uploads
  // module made it the server's alone), or with STORAGE=s3 in the bucket, where every instance
  // finds them; the temp sweep removes those abandoned for 24 h from either.
  const parts = await openResumableParts(config.storage, config.uploadTmpDir);
  const uploads = createResumableUploads({
    images,
    repository: createResumableUploadsRepository(db),
    parts,
    log: app.log.child({ module: "resumable-uploads" }),
  });
  await resumableUploadRoutes(app, {
    requireActor,
    uploads,
    parts,
    trustedOrigins: config.auth.trustedOrigins,
  });
}
