/**
 * Workspace settings (GET/PUT /api/workspace/settings): the privacy switch kept here and the
 * inspection programme the inspections module keeps; the photos module reads `blurFaces`, the
 * measurements module the clearance rules and lean threshold, the poles' locate the stated GPS
 * and compass errors.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { RequireActor } from "../workspaces/actor";
import { createMeasureSettingsRepository } from "./measure-settings.repository";
import { createMeasureSettingsService, type MeasureSettingsService } from "./measure-settings.service";
import { createPrivacySettingsRepository } from "./privacy-settings.repository";
import { createPrivacySettingsService, type PrivacySettingsService } from "./privacy-settings.service";
import { createLocateSettings, type LocateSettingsService } from "./locate-settings";
import { settingsRoutes, type InspectionProgramme } from "./settings.routes";

export function registerSettings(
  app: FastifyInstance,
  deps: { db: Db; audit: AuditLog; requireActor: RequireActor; inspection: InspectionProgramme },
): {
  privacy: PrivacySettingsService;
  measure: MeasureSettingsService;
  statedErrors: LocateSettingsService["statedErrors"];
} {
  const measure = createMeasureSettingsService({
    repository: createMeasureSettingsRepository(deps.db),
    audit: deps.audit,
  });
  const privacy = createPrivacySettingsService({
    repository: createPrivacySettingsRepository(deps.db),
    audit: deps.audit,
  });
  const locate = createLocateSettings({ db: deps.db, audit: deps.audit });
  settingsRoutes(app, {
    requireActor: deps.requireActor,
    privacy,
    measure,
    locate,
    inspection: deps.inspection,
  });
  return { privacy, measure, statedErrors: locate.statedErrors };
}
