/** Wires the photos module (storage, sharp, repository, service, routes) and the poles beside it. */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../infra/db/database";
import { createImageProcessor } from "../../infra/images/image-processor";
import { openStorage } from "../../infra/storage/create-storage";
import type { Storage } from "../../infra/storage/storage";
import { createTempFiles } from "../../infra/uploads/temp-files";
import { createAdminRepository } from "../admin/admin.repository";
import { adminRoutes } from "../admin/admin.routes";
import { createAdminService } from "../admin/admin.service";
import { createAuditLog } from "../audit/audit-log";
import { createAuditRepository } from "../audit/audit.repository";
import { auditRoutes } from "../audit/audit.routes";
import { createAuditService } from "../audit/audit.service";
import { createExportRepository } from "../export/export.repository";
import { exportRoutes } from "../export/export.routes";
import { createExportService } from "../export/export.service";
import type { RequireActor } from "../workspaces/actor";
import { filesRoutes } from "./files.routes";
import { createImagesRepository } from "./images.repository";
import { imagesRoutes } from "./images.routes";
import { createImagesService, type ImagesService } from "./images.service";
import { sweepStaleUploads } from "../../infra/uploads/stale-uploads";
import { createPoles } from "../poles/poles.module";
import { polesRoutes } from "../poles/poles.routes";
import { createRequestLimits } from "./request-limits";
import type { Today } from "../inspections/clock";
import { inspectionsRoutes } from "../inspections/inspections.routes";

/** Temp files older than this at start-up belong to uploads a crash interrupted. */
const STALE_UPLOAD_AGE_MS = 6 * 3600 * 1000;

export interface ImagesModule {
  service: ImagesService;
  storage: Storage;
}

export async function registerImages(
  app: FastifyInstance,
  deps: { config: Config; database: Database; storage?: Storage; requireActor: RequireActor; today: Today },
): Promise<ImagesModule> {
  const { config, database, requireActor } = deps;
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
  const limits = createRequestLimits(app, {
    requestTimeoutMs: config.requestTimeoutMs,
    poolMax: database.pool.options.max,
    log: log.child({ part: "limits" }),
  });
  const repository = createImagesRepository(database.db);
  const auditRepository = createAuditRepository(database.db);
  const audit = createAuditLog(auditRepository);
  const poles = createPoles(database.db, repository, config.spotRadiusMeters, audit, deps.today);
  const service = createImagesService({
    repository,
    storage,
    images: createImageProcessor(),
    temp: createTempFiles(config.uploadTmpDir),
    slots: limits.uploads,
    log,
    poles: poles.placement,
    audit,
    teamQuotaBytes: config.teamQuotaBytes,
  });
  await imagesRoutes(app, {
    requireActor,
    service,
    lists: limits.lists,
    readerStallMs: config.readerStallMs,
  });
  filesRoutes(app, { requireActor, service });
  polesRoutes(app, { requireActor, service: poles.service });
  inspectionsRoutes(app, { requireActor, ...poles.inspections });
  auditRoutes(app, { requireActor, service: createAuditService(auditRepository) });
  const adminRepository = createAdminRepository(database.db);
  const adminService = createAdminService({
    repository: adminRepository,
    audit,
    adminEmails: config.adminEmails,
    teamQuotaBytes: config.teamQuotaBytes,
  });
  // An administrator's address gives its rights only once confirmed: say so, or the 403s puzzle.
  const unconfirmed = await adminRepository.unconfirmedOf(config.adminEmails);
  if (unconfirmed.length > 0) {
    log.warn(
      { addresses: unconfirmed },
      "ADMIN_EMAILS: these accounts have not confirmed their address and have no administrator rights until they do",
    );
  }
  adminRoutes(app, { requireActor, service: adminService });
  const exportService = createExportService({
    repository: createExportRepository(database.pool),
    audit,
    publicUrl: config.publicUrl,
    limits: limits.exports,
    watch: limits.watch,
  });
  exportRoutes(app, { requireActor, service: exportService, readerStallMs: config.readerStallMs });
  return { service, storage };
}
