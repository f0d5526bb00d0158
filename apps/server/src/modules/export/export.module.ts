/** Wires GET /api/export: its repository (one pooled connection per export) and its service. */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { RequestLimits } from "../../infra/limits/request-limits";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { RequireActor } from "../workspaces/actor";
import type { Today } from "../inspections/clock";
import { createExportRepository } from "./export.repository";
import { exportRoutes } from "./export.routes";
import { createExportService } from "./export.service";

export function registerExport(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    audit: AuditLog;
    limits: RequestLimits;
    requireActor: RequireActor;
    /** Where a Shapefile or GeoPackage export is written before it is sent. */
    temp: TempFiles;
    today: Today;
  },
): void {
  const { config, limits } = deps;
  const service = createExportService({
    repository: createExportRepository(deps.database.pool),
    audit: deps.audit,
    publicUrl: config.publicUrl,
    limits: limits.exports,
    watch: limits.watch,
    temp: deps.temp,
    today: deps.today,
  });
  exportRoutes(app, { requireActor: deps.requireActor, service, readerStallMs: config.readerStallMs });
}
