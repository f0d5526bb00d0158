/**
 * Builds the inspections module: findings, settings, the condition roll-up the map reads, the
 * reports; registers its routes and hands the poles module what a pole's panel and the regions show.
 */
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { ReportLimits } from "../../infra/limits/report-limits";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { createMeasurementsRepository } from "../measurements/measurements.repository";
import { createImagesRepository } from "../photos/images.repository";
import { unvisitedRegionNumbers } from "../photos/region-numbers";
import { createPolesRepository } from "../poles/poles.repository";
import type { PoleInspections } from "../poles/poles.service";
import type { Actor, RequireActor } from "../workspaces/actor";
import { createAnnualReportRepository } from "./annual-report.repository";
import { annualReportRoutes } from "./annual-report.routes";
import { createAnnualReportService } from "./annual-report.service";
import type { Today } from "./clock";
import { createConditionService } from "./condition.service";
import type { NotifyFindings } from "./finding-news";
import { createFindingsService, toFinding } from "./findings.service";
import { createInspectionsRepository } from "./inspections.repository";
import { inspectionsRoutes } from "./inspections.routes";
import { createReportRepository } from "./report.repository";
import { createReportsService } from "./reports.service";
import { createSettingsService } from "./settings.service";
import { createVisitsRepository } from "./visits.repository";
import { visitsRoutes } from "./visits.routes";
import { createVisitImport } from "./visit-import.service";
import { visitImportRoutes } from "./visit-import.routes";
import { createVisitsService } from "./visits.service";

/** What the region report needs from outside the module: its photo limit and the stored files. */
export interface ReportDeps {
  maxPhotos: number;
  readStored: (key: string) => Promise<Readable | null>;
}

export function createInspections(
  db: Db,
  deps: { audit: AuditLog; today: Today; publish: PublishEvent; report: ReportDeps; notify?: NotifyFindings },
) {
  const repository = createInspectionsRepository(db);
  // The photos' and the poles' repositories hold no state: this module reads through its own.
  const images = createImagesRepository(db);
  const poles = createPolesRepository(db);
  const measurements = createMeasurementsRepository(db);
  const visitsRepository = createVisitsRepository(db);
  const settings = createSettingsService({ repository, visits: visitsRepository, images, audit: deps.audit });
  const findings = createFindingsService({
    repository,
    settings,
    images,
    ...deps,
    poleOf: (workspaceId, id) => poles.findOwned(workspaceId, id),
    measurementOf: (workspaceId, id, tx) => measurements.findOwned(workspaceId, id, tx),
  });
  const visits = createVisitsService({
    repository: visitsRepository,
    settings,
    images,
    ...deps,
    poleOf: (workspaceId, id) => poles.findOwned(workspaceId, id),
  });
  const visitImport = createVisitImport({
    db,
    withLocks: (keys, fn) => images.withLocks(keys, fn),
    settings,
    audit: deps.audit,
    today: deps.today,
  });
  const typesOf = async (actor: Actor) => (await settings.get(actor)).inspectionTypes;
  const condition = createConditionService({
    repository,
    visits: visitsRepository,
    typesOf,
    today: deps.today,
  });
  const reports = createReportsService({
    repository,
    reportRepository: createReportRepository(db),
    condition,
    typesOf,
    today: deps.today,
    ...deps.report,
    regionNumber: async (workspaceId, region) => {
      const [photographed, poleRegions] = await Promise.all([
        images.regions(workspaceId),
        poles.riskByRegion(workspaceId),
      ]);
      const here = (r: { region_lon: number; region_lat: number }) =>
        r.region_lon === region.longitude && r.region_lat === region.latitude;
      const found = photographed.find(here) ?? unvisitedRegionNumbers(photographed, poleRegions).find(here);
      return found?.number ?? null;
    },
  });
  const annualReport = createAnnualReportService({
    annual: createAnnualReportRepository(db),
    repository,
    settings,
    today: deps.today,
  });
  return {
    repository,
    settings,
    annualReport,
    findings,
    visits,
    visitImport,
    condition,
    reports,
    /** A pole's findings, newest first, as the pole's panel shows them. */
    findingsOf: async (poleId: string) =>
      (await repository.ofPole(poleId)).map((r) => toFinding(r, deps.today())),
  };
}

export type Inspections = ReturnType<typeof createInspections>;

/**
 * The findings and reports routes; returns what the poles module shows of them, and the settings
 * the workspace settings route reads and writes.
 */
export async function registerInspections(
  app: FastifyInstance,
  deps: {
    db: Db;
    audit: AuditLog;
    requireActor: RequireActor;
    publish: PublishEvent;
    today: Today;
    report: ReportDeps;
    /** Hears of new Level 1 findings and assignments, after they are committed. */
    notify?: NotifyFindings;
    /** Reports in the making per user, in all and per hour. */
    reportLimits: ReportLimits;
    /** Where a history file waits while it is imported. */
    temp: TempFiles;
  },
): Promise<PoleInspections & Pick<Inspections, "settings">> {
  const inspections = createInspections(deps.db, deps);
  const { reportLimits } = deps;
  inspectionsRoutes(app, { requireActor: deps.requireActor, reportLimits, ...inspections });
  annualReportRoutes(app, {
    requireActor: deps.requireActor,
    reportLimits,
    annualReport: inspections.annualReport,
  });
  visitsRoutes(app, { requireActor: deps.requireActor, visits: inspections.visits });
  await visitImportRoutes(app, {
    requireActor: deps.requireActor,
    service: inspections.visitImport,
    temp: deps.temp,
  });
  return inspections;
}
