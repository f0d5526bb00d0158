/**
 * Builds the loading module: a pole's attachments and the loading check that reads them. The
 * poles, measurements and photos are read through their own repositories (they hold no state).
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { createMeasurementsRepository } from "../measurements/measurements.repository";
import { createImagesRepository } from "../photos/images.repository";
import { createPolesRepository } from "../poles/poles.repository";
import type { RequireActor } from "../workspaces/actor";
import { createAttachmentsRepository } from "./attachments.repository";
import { attachmentsRoutes } from "./attachments.routes";
import { createAttachmentsService } from "./attachments.service";
import { loadingRoutes } from "./loading.routes";
import { createLoadingService } from "./loading.service";

export function registerLoading(
  app: FastifyInstance,
  deps: { db: Db; audit: AuditLog; publish: PublishEvent; requireActor: RequireActor },
) {
  const images = createImagesRepository(deps.db);
  const poles = createPolesRepository(deps.db);
  const measurements = createMeasurementsRepository(deps.db);
  const repository = createAttachmentsRepository(deps.db);
  const attachments = createAttachmentsService({
    repository,
    withLocks: (keys, fn) => images.withLocks(keys, fn),
    poleOf: (workspaceId, id, tx) => poles.findOwned(workspaceId, id, tx),
    measurementOf: (workspaceId, id, tx) => measurements.findOwned(workspaceId, id, tx),
    audit: deps.audit,
    publish: deps.publish,
  });
  attachmentsRoutes(app, { requireActor: deps.requireActor, service: attachments });
  const loading = createLoadingService({
    attachments,
    poleOf: (workspaceId, id) => poles.findOwned(workspaceId, id),
  });
  loadingRoutes(app, { requireActor: deps.requireActor, service: loading });
}
