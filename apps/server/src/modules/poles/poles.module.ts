/** Builds the poles module: its repository, its service, and what the photos module needs of it. */
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import type { ImagesRepository } from "../images/images.repository";
import type { PolePlacement } from "../images/images.service";
import { createPolesRepository } from "./poles.repository";
import { createPolesService } from "./poles.service";

export function createPoles(
  db: Db,
  images: ImagesRepository,
  spotRadiusMeters: number,
  audit: AuditLog,
  publish: PublishEvent,
) {
  const repository = createPolesRepository(db);
  const service = createPolesService({ poles: repository, images, spotRadiusMeters, audit, publish });
  const placement: PolePlacement = {
    assign: (tx, workspaceId, lat, lon) => repository.assign(tx, workspaceId, lat, lon, spotRadiusMeters),
    refresh: (tx, ids) => repository.refresh(tx, ids),
    riskByRegion: (workspaceId) => service.riskByRegion(workspaceId),
  };
  return { service, placement };
}
