/** Builds the poles module: its repository, its service, its routes, and what the photos module needs of it. */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import { createImagesRepository, type ImagesRepository } from "../images/images.repository";
import type { PolePlacement } from "../images/images.service";
import type { RequireActor } from "../workspaces/actor";
import { createPolesRepository } from "./poles.repository";
import { polesRoutes } from "./poles.routes";
import { createPolesService } from "./poles.service";

export function createPoles(db: Db, images: ImagesRepository, spotRadiusMeters: number, audit: AuditLog) {
  const repository = createPolesRepository(db);
  const service = createPolesService({ poles: repository, images, spotRadiusMeters, audit });
  const placement: PolePlacement = {
    assign: (tx, workspaceId, lat, lon) => repository.assign(tx, workspaceId, lat, lon, spotRadiusMeters),
    refresh: (tx, ids) => repository.refresh(tx, ids),
    riskByRegion: (workspaceId) => service.riskByRegion(workspaceId),
  };
  return { service, placement };
}

/** The poles routes; returns the placement the photos module places each upload with. */
export function registerPoles(
  app: FastifyInstance,
  deps: { db: Db; spotRadiusMeters: number; audit: AuditLog; requireActor: RequireActor },
): PolePlacement {
  // The photos' repository holds no state: the poles read photos through their own instance.
  const poles = createPoles(deps.db, createImagesRepository(deps.db), deps.spotRadiusMeters, deps.audit);
  polesRoutes(app, { requireActor: deps.requireActor, service: poles.service });
  return poles.placement;
}
