/** Builds the poles module: its repository, its service, and what the photos module needs of it. */
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { ImagesRepository } from "../images/images.repository";
import type { PolePlacement } from "../images/images.service";
import type { Today } from "../inspections/clock";
import { createInspections } from "../inspections/inspections.module";
import { createPolesRepository } from "./poles.repository";
import { createPolesService } from "./poles.service";

export function createPoles(
  db: Db,
  images: ImagesRepository,
  spotRadiusMeters: number,
  audit: AuditLog,
  today: Today,
) {
  const repository = createPolesRepository(db);
  const inspections = createInspections(db, {
    images,
    audit,
    today,
    poleOf: (workspaceId, id) => repository.findOwned(workspaceId, id),
  });
  const service = createPolesService({ poles: repository, images, spotRadiusMeters, audit, inspections });
  const placement: PolePlacement = {
    assign: (tx, workspaceId, lat, lon) => repository.assign(tx, workspaceId, lat, lon, spotRadiusMeters),
    refresh: (tx, ids) => repository.refresh(tx, ids),
    riskByRegion: (workspaceId) => service.riskByRegion(workspaceId),
    inspectionByRegion: (actor) => inspections.condition.byRegion(actor),
  };
  return { service, placement, inspections };
}
