/** GET /api/reports/region/:id.pdf: one region's report, for anyone in the workspace. */
import { inspectionTexts, messages, parseRegionKey, workspaceTexts } from "@poleatlas/shared";
import { badRequest, notFound } from "../../errors";
import type { Actor } from "../workspaces/actor";
import type { Today } from "./clock";
import type { ConditionService } from "./condition.service";
import { toFinding } from "./findings.service";
import type { InspectionsRepository } from "./inspections.repository";
import { regionReportPdf } from "./region-report";

/** A report lists at most this many findings and poles (a region of 10k findings fits whole). */
export const REPORT_MAX_ROWS = 20_000;

export function createReportsService(deps: {
  repository: InspectionsRepository;
  condition: ConditionService;
  today: Today;
  /** The region's number as the regions list names it; null: no such region in the workspace. */
  regionNumber: (
    workspaceId: string,
    region: { longitude: number; latitude: number },
  ) => Promise<number | null>;
}) {
  const { repository, condition, today, regionNumber } = deps;
  return {
    async regionPdf(actor: Actor, regionId: string) {
      const region = parseRegionKey(regionId);
      if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
      const [team, number] = await Promise.all([
        repository.teamName(actor.workspaceId),
        regionNumber(actor.workspaceId, region),
      ]);
      if (number === null) throw notFound(inspectionTexts.regionNotFound);
      const day = today();
      const [summary, rows, duePoles] = await Promise.all([
        condition.summary(actor, regionId),
        repository.list({ workspaceId: actor.workspaceId, status: "open", region, limit: REPORT_MAX_ROWS }),
        repository.duePoles(actor.workspaceId, region, condition.thresholds().dueBy, REPORT_MAX_ROWS),
      ]);
      return regionReportPdf({
        workspace: team ?? workspaceTexts.personal,
        region: `Region ${number}`,
        summary,
        findings: rows.map((r) => toFinding(r, day)),
        duePoles,
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
