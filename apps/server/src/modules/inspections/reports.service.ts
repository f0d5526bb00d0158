/** GET /api/reports/region/:id.pdf: one region's report, for anyone in the workspace. */
import type { Readable } from "node:stream";
import {
  inspectionTexts,
  messages,
  parseRegionKey,
  workspaceTexts,
  type InspectionType,
} from "@poleatlas/shared";
import { badRequest, notFound } from "../../errors";
import { jpegCopy } from "../../infra/images/jpeg-copy";
import type { Actor } from "../workspaces/actor";
import type { Today } from "./clock";
import type { ConditionService } from "./condition.service";
import { toFinding } from "./findings.service";
import type { InspectionsRepository } from "./inspections.repository";
import { regionReportPdf } from "./region-report";
import type { ReportPhoto } from "./report-photos";
import type { ReportRepository } from "./report.repository";

/**
 * Each list of a report (open findings, poles due, poles with no inspection on record) holds at
 * most this many rows. A tagged row costs a structure element per cell, and every page is kept
 * until it is numbered: a report at every limit (15,000 rows, 10,000 poles on the map) measured
 * ~280 MB of heap and ~24 s of drawing on two busy cores.
 */
export const REPORT_MAX_ROWS = 5_000;
/** The map draws at most this many of the region's poles (each a few dozen bytes of drawing). */
export const REPORT_MAP_MAX_POLES = 10_000;

/** A region checked by `region()`: its key, its centre and its number in the regions list. */
export interface ReportRegion {
  id: string;
  region: { longitude: number; latitude: number };
  number: number;
}

export function createReportsService(deps: {
  repository: InspectionsRepository;
  reportRepository: ReportRepository;
  condition: ConditionService;
  /** The inspection types in force in the actor's workspace: a due pole's type is named. */
  typesOf: (actor: Actor) => Promise<InspectionType[]>;
  today: Today;
  /** The findings whose photos a report embeds, at most (each a ~15 kB JPEG thumbnail). */
  maxPhotos: number;
  /** A stored file's bytes (a photo's thumbnail); null when it is no longer stored. */
  readStored: (key: string) => Promise<Readable | null>;
  /** The region's number as the regions list names it; null: no such region in the workspace. */
  regionNumber: (
    workspaceId: string,
    region: { longitude: number; latitude: number },
  ) => Promise<number | null>;
}) {
  const { repository, reportRepository: reports, condition, today, regionNumber } = deps;

  /** The first findings' thumbnails as JPEG, one at a time (a report holds at most maxPhotos). */
  async function photosOf(workspaceId: string, imageIds: (string | null)[]): Promise<ReportPhoto[]> {
    const keys = await reports.thumbnailKeys(
      workspaceId,
      imageIds.filter((id): id is string => id !== null),
    );
    const out: ReportPhoto[] = [];
    for (const id of imageIds) {
      if (id === null) {
        out.push({ missing: "none" });
        continue;
      }
      const key = keys.get(id);
      const stored = key === undefined ? null : await deps.readStored(key);
      // A thumbnail that no longer decodes costs its picture, not the whole report.
      const jpeg = stored ? await jpegCopy(stored).catch(() => null) : null;
      out.push(jpeg ? { jpeg } : { missing: "gone" });
    }
    return out;
  }

  return {
    /**
     * The workspace's region a report is asked for, or the 400/404 it gets: checked before a
     * report's place is taken, so that a bad id costs the caller none of their reports.
     */
    async region(actor: Actor, regionId: string): Promise<ReportRegion> {
      const region = parseRegionKey(regionId);
      if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
      const number = await regionNumber(actor.workspaceId, region);
      if (number === null) throw notFound(inspectionTexts.regionNotFound);
      return { id: regionId, region, number };
    },

    async regionPdf(actor: Actor, { id: regionId, region, number }: ReportRegion) {
      const ws = actor.workspaceId;
      const team = await repository.teamName(ws);
      const day = today();
      const [summary, rows, duePoles, neverInspected, mapPoles, poleCount, types] = await Promise.all([
        condition.summary(actor, regionId),
        repository.list({ workspaceId: ws, status: "open", region, limit: REPORT_MAX_ROWS }),
        reports.duePoles(ws, region, condition.thresholds().dueBy, REPORT_MAX_ROWS),
        reports.neverInspected(ws, region, REPORT_MAX_ROWS),
        reports.mapPoles(ws, region, day, REPORT_MAP_MAX_POLES),
        reports.poleCount(ws, region),
        deps.typesOf(actor),
      ]);
      const typeName = (code: string) => types.find((t) => t.code === code)?.name ?? code;
      const findings = rows.map((r) => toFinding(r, day));
      const photos = await photosOf(
        ws,
        findings.slice(0, deps.maxPhotos).map((f) => f.image_id ?? null),
      );
      const s = summary.levels;
      return regionReportPdf({
        workspace: team ?? workspaceTexts.personal,
        region: `Region ${number}`,
        summary,
        findings,
        openCount: s[1].open + s[2].open + s[3].open,
        photos,
        map: { poles: mapPoles, total: poleCount },
        duePoles: duePoles.map((p) => ({ ...p, due_type_name: typeName(p.due_type) })),
        neverInspected,
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
