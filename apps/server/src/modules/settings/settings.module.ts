/**
 * Workspace settings (GET/PUT /api/workspace/settings): the privacy switch kept here and the
 * inspection programme the inspections module keeps; the photos module reads `blurFaces`, the
 * poles' locate the stated GPS and compass errors.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { RequireActor } from "../workspaces/actor";
import { createPrivacySettingsRepository } from "./privacy-settings.repository";
import { createPrivacySettingsService } from "./privacy-settings.service";
import { createLocateSettings } from "./locate-settings";
import { settingsRoutes, type InspectionProgramme } from "./settings.routes";

export function registerSettings(
  app: FastifyInstance,
  deps: { db: Db; audit: AuditLog; requireActor: RequireActor; inspection: InspectionProgramme },
) {
  const privacy = createPrivacySettingsService({
    repository: createPrivacySettingsRepository(deps.db),
    audit: deps.audit,
  });
  const locate = createLocateSettings({ db: deps.db, audit: deps.audit });
  settingsRoutes(app, { requireActor: deps.requireActor, privacy, locate, inspection: deps.inspection });
  return { blurFaces: privacy.blurFaces, statedErrors: locate.statedErrors };
}
