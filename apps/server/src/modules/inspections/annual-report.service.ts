/**
 * GET /api/reports/annual/<year>.pdf|.csv: the workspace's inspection programme over a calendar
 * year (UTC: the workspace has no time zone of its own), for anyone in the workspace, as the
 * region report is. The current year runs to today; a later one has not begun.
 */
import {
  annualReportTexts,
  workspaceTexts,
  type AnnualFigures,
  type AnnualLevelFigures,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import type { Actor } from "../workspaces/actor";
import type { AnnualReportRepository, Period } from "./annual-report.repository";
import { annualReportCsv } from "./annual-report-csv";
import { annualReportPdf } from "./annual-report-pdf";
import type { Today } from "./clock";
import type { InspectionsRepository } from "./inspections.repository";
import { REPORT_MAX_ROWS } from "./reports.service";
import type { SettingsService } from "./settings.service";

/** A year of the programme with the days its figures run over. */
export type YearPeriod = Period & { year: number };

export function createAnnualReportService(deps: {
  annual: AnnualReportRepository;
  repository: InspectionsRepository;
  settings: SettingsService;
  today: Today;
}) {
  const { annual, settings } = deps;

  function periodOf(year: number): YearPeriod {
    const today = deps.today();
    const current = Number(today.slice(0, 4));
    if (year > current) throw badRequest(annualReportTexts.notBegun(year, current), "invalid_year");
    return { year, from: `${year}-01-01`, to: year === current ? today : `${year}-12-31` };
  }

  async function figures(workspaceId: string, year: number, p: Period): Promise<AnnualFigures> {
    const [visits, poles, levels, extensionReasons, programme] = await Promise.all([
      annual.visits(workspaceId, p),
      annual.poles(workspaceId, p),
      annual.levels(workspaceId, p),
      annual.extensionReasons(workspaceId, p),
      settings.of(workspaceId),
    ]);
    // The programme's types first, in its order and with none missing; then types since removed.
    const types = programme.inspectionTypes.map((t) => ({ type: t.code, name: t.name }));
    for (const v of visits)
      if (!types.some((t) => t.type === v.type)) types.push({ type: v.type, name: v.type });
    const level = (n: number): AnnualLevelFigures => {
      const r = levels.find((l) => l.level === n);
      return {
        opened: r?.opened ?? 0,
        closed: r?.closed ?? 0,
        closed_on_time: r?.on_time ?? 0,
        closed_late: r?.late ?? 0,
        closed_extended: r?.extended ?? 0,
        open_at_end: r?.open_at_end ?? 0,
      };
    };
    return {
      year,
      ...p,
      visits: types.map((t) => {
        const v = visits.find((x) => x.type === t.type);
        return { ...t, visits: v?.visits ?? 0, poles: v?.poles ?? 0 };
      }),
      poles,
      levels: { 1: level(1), 2: level(2), 3: level(3) },
      extensionReasons,
    };
  }

  return {
    /** The year's period, or the 400 for a year not yet begun: asked before a report's place is taken. */
    period: periodOf,

    async csv(actor: Actor, p: YearPeriod): Promise<string> {
      return annualReportCsv(await figures(actor.workspaceId, p.year, p));
    },

    async pdf(actor: Actor, p: YearPeriod) {
      const { year } = p;
      const ws = actor.workspaceId;
      const [f, team, extended] = await Promise.all([
        figures(ws, year, p),
        deps.repository.teamName(ws),
        annual.extended(ws, p, REPORT_MAX_ROWS),
      ]);
      return annualReportPdf({
        figures: f,
        workspace: team ?? workspaceTexts.personal,
        partYear: p.to !== `${year}-12-31`,
        extended,
      });
    },
  };
}

export type AnnualReportService = ReturnType<typeof createAnnualReportService>;
