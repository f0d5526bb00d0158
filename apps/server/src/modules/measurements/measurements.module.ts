/**
 * Wires measuring from photos: heights against a height stick, clearances, a pole's lean. Reads
 * photos through the photos' storage and the workspace's measuring settings, both handed in.
 */
import type { FastifyInstance } from "fastify";
import type { MeasureSettings } from "@poleatlas/shared";
import type { Db } from "../../infra/db/database";
import type { Storage } from "../../infra/storage/storage";
import type { AuditLog } from "../audit/audit-log";
import { createImagesRepository } from "../photos/images.repository";
import { createPolesRepository } from "../poles/poles.repository";
import type { RequireActor } from "../workspaces/actor";
import { createLeanService } from "./lean.service";
import { createMeasuredPhotos } from "./measured-photo";
import { createMeasurementsRepository } from "./measurements.repository";
import { measurementsRoutes } from "./measurements.routes";
import { createMeasurementsService } from "./measurements.service";

export function registerMeasurements(
  app: FastifyInstance,
  deps: {
    db: Db;
    storage: Storage;
    audit: AuditLog;
    requireActor: RequireActor;
    settingsOf: (workspaceId: string) => Promise<MeasureSettings>;
  },
): void {
  // The photos' and poles' repositories hold no state: this module reads through its own.
  const shared = {
    repository: createMeasurementsRepository(deps.db),
    poles: createPolesRepository(deps.db),
    photos: createMeasuredPhotos({ images: createImagesRepository(deps.db), storage: deps.storage }),
    settingsOf: deps.settingsOf,
    audit: deps.audit,
  };
  measurementsRoutes(app, {
    requireActor: deps.requireActor,
    measurements: createMeasurementsService(shared),
    lean: createLeanService(shared),
  });
}
