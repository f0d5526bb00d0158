/** Builds the inspections module: findings, settings, the condition roll-up the map reads. */
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { ImagesRepository } from "../images/images.repository";
import type { Today } from "./clock";
import { createConditionService } from "./condition.service";
import { createFindingsService, toFinding } from "./findings.service";
import { createInspectionsRepository } from "./inspections.repository";
import { createReportsService } from "./reports.service";
import { createSettingsService } from "./settings.service";

export function createInspections(
  db: Db,
  deps: {
    images: ImagesRepository;
    audit: AuditLog;
    today: Today;
    poleOf: (workspaceId: string, id: string) => Promise<{ id: string } | null>;
  },
) {
  const repository = createInspectionsRepository(db);
  const settings = createSettingsService({ repository, images: deps.images, audit: deps.audit });
  const findings = createFindingsService({ repository, settings, ...deps });
  const condition = createConditionService({ repository, settings, today: deps.today });
  const reports = createReportsService({ repository, settings, condition, today: deps.today });
  return {
    repository,
    settings,
    findings,
    condition,
    reports,
    /** A pole's findings, newest first, as the pole's panel shows them. */
    findingsOf: async (poleId: string) =>
      (await repository.ofPole(poleId)).map((r) => toFinding(r, deps.today())),
  };
}

export type Inspections = ReturnType<typeof createInspections>;
