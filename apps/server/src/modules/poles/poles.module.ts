/** Builds the poles module: its repository, its service, its routes, and what the photos module needs of it. */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { createImagesRepository, type ImagesRepository } from "../images/images.repository";
import type { PolePlacement } from "../images/images.service";
import type { RequireActor } from "../workspaces/actor";
import { createPolesRepository } from "./poles.repository";
import { polesRoutes } from "./poles.routes";
import { createPolesService, type PoleInspections } from "./poles.service";
import { createPoleImport } from "./import/import.service";
import { poleImportRoutes } from "./import/import.routes";
import type { TempFiles } from "../../infra/uploads/temp-files";

export function createPoles(
  db: Db,
  images: ImagesRepository,
  spotRadiusMeters: number,
  audit: AuditLog,
  publish: PublishEvent,
  /** A pole's condition and findings, the regions' inspection counts (the inspections module). */
  inspections: PoleInspections,
  importBatchRows = 5000,
) {
  const repository = createPolesRepository(db);
  const service = createPolesService({
    poles: repository,
    images,
    spotRadiusMeters,
    audit,
    publish,
    inspections,
  });
  const register = createPoleImport({
    db,
    withLocks: (keys, fn) => images.withLocks(keys, fn),
    audit,
    spotRadiusMeters,
    batchRows: importBatchRows,
  });
  const placement: PolePlacement = {
    assign: (tx, workspaceId, lat, lon) => repository.assign(tx, workspaceId, lat, lon, spotRadiusMeters),
    refresh: (tx, ids) => repository.refresh(tx, ids),
    riskByRegion: (workspaceId) => service.riskByRegion(workspaceId),
    inspectionByRegion: (actor) => inspections.condition.byRegion(actor),
  };
  return { service, placement, register };
}

/** The poles routes and the register import; returns the placement each upload is placed with. */
export async function registerPoles(
  app: FastifyInstance,
  deps: {
    db: Db;
    spotRadiusMeters: number;
    audit: AuditLog;
    requireActor: RequireActor;
    publish: PublishEvent;
    inspections: PoleInspections;
    temp: TempFiles;
    poleImport: { batchRows: number; maxBytes: number };
  },
): Promise<PolePlacement> {
  // The photos' repository holds no state: the poles read photos through their own instance.
  const poles = createPoles(
    deps.db,
    createImagesRepository(deps.db),
    deps.spotRadiusMeters,
    deps.audit,
    deps.publish,
    deps.inspections,
    deps.poleImport.batchRows,
  );
  polesRoutes(app, { requireActor: deps.requireActor, service: poles.service });
  await poleImportRoutes(app, {
    requireActor: deps.requireActor,
    service: poles.register,
    temp: deps.temp,
    maxBytes: deps.poleImport.maxBytes,
  });
  return poles.placement;
}
