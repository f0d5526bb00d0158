/** Builds the poles module: its repository, its service, and what the photos module needs of it. */
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { ImagesRepository } from "../images/images.repository";
import type { PolePlacement } from "../images/images.service";
import { createPolesRepository } from "./poles.repository";
import { createPolesService } from "./poles.service";
import { createPoleImport } from "./import/import.service";

export function createPoles(
  db: Db,
  images: ImagesRepository,
  spotRadiusMeters: number,
  audit: AuditLog,
  importBatchRows = 5000,
) {
  const repository = createPolesRepository(db);
  const service = createPolesService({ poles: repository, images, spotRadiusMeters, audit });
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
  };
  return { service, placement, register };
}
