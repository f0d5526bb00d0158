/** Builds the poles module: its repository, its service, its routes, and what the photos module needs of it. */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { createImagesRepository, type ImagesRepository } from "../photos/images.repository";
import type { PolePlacement } from "../photos/pole-placement";
import type { RequireActor } from "../workspaces/actor";
import { createPolesRepository } from "./poles.repository";
import { createPoleMerge } from "./pole-merge";
import { createPhotoMove } from "./photo-move";
import { polesRoutes } from "./poles.routes";
import { createPolesService, type PoleInspections } from "./poles.service";
import { createPoleImport, type PoleImportDeps } from "./import/import.service";
import { poleImportRoutes } from "./import/import.routes";
import { crsRoutes } from "./import/crs.routes";
import type { TempFiles } from "../../infra/uploads/temp-files";
import { createLocateRepository } from "./locate/locate.repository";
import { locateRoutes } from "./locate/locate.routes";
import { createLocateService } from "./locate/locate.service";
import type { StatedErrors } from "./locate/locate-math";
import type { Readable } from "node:stream";

export function createPoles(
  db: Db,
  images: ImagesRepository,
  spotRadiusMeters: number,
  audit: AuditLog,
  publish: PublishEvent,
  /** A pole's condition and findings, the regions' inspection counts (the inspections module). */
  inspections: PoleInspections,
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
  const placement: PolePlacement = {
    assign: (tx, workspaceId, at) => repository.assign(tx, workspaceId, at, spotRadiusMeters),
    candidates: (workspaceId, at, tx) => repository.candidates(workspaceId, at, tx),
    refresh: (tx, ids) => repository.refresh(tx, ids),
    riskByRegion: (workspaceId) => service.riskByRegion(workspaceId),
    inspectionByRegion: (actor) => inspections.condition.byRegion(actor),
  };
  return { service, placement, repository };
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
    /** The workspace's stated GPS and compass errors, for locating poles from bearings. */
    statedErrors: (workspaceId: string) => Promise<StatedErrors>;
    /** A stored photo's bytes (the photos' storage), for older photos' lens data. */
    storedFile: (key: string) => Promise<Readable | null>;
    poleImport: { maxBytes: number } & Omit<PoleImportDeps, "db" | "withLocks" | "audit" | "temp">;
  },
): Promise<PolePlacement> {
  // The photos' repository holds no state: the poles read photos through their own instance.
  const images = createImagesRepository(deps.db);
  const poles = createPoles(
    deps.db,
    images,
    deps.spotRadiusMeters,
    deps.audit,
    deps.publish,
    deps.inspections,
  );
  const { maxBytes, ...importOptions } = deps.poleImport;
  const register = createPoleImport({
    ...importOptions,
    db: deps.db,
    withLocks: (keys, fn) => images.withLocks(keys, fn),
    audit: deps.audit,
    temp: deps.temp,
  });
  const merge = createPoleMerge({
    poles: poles.repository,
    images,
    audit: deps.audit,
    publish: deps.publish,
  });
  const photoMove = createPhotoMove({
    poles: poles.repository,
    images,
    audit: deps.audit,
    publish: deps.publish,
  });
  polesRoutes(app, { requireActor: deps.requireActor, service: poles.service, merge, photoMove });
  crsRoutes(app, { requireActor: deps.requireActor });
  const locate = createLocateService({
    repository: createLocateRepository(deps.db),
    poles: poles.repository,
    images,
    audit: deps.audit,
    publish: deps.publish,
    statedErrors: deps.statedErrors,
    storedFile: deps.storedFile,
  });
  locateRoutes(app, { requireActor: deps.requireActor, service: locate });
  await poleImportRoutes(app, {
    requireActor: deps.requireActor,
    service: register,
    temp: deps.temp,
    maxBytes,
  });
  return poles.placement;
}
