/**
 * The annual programme report (GET /api/reports/annual/<year>.pdf or .csv): the year it covers
 * and the figures it holds, as the CSV names them. One row per figure, so a spreadsheet or a
 * regulator's template reads a figure by its section, group and name whatever the year holds.
 */
import { z } from "zod";
import { streamedAnswer } from "./openapi";

/** Years a report may cover: visits imported from old registers go back decades, not centuries. */
export const ANNUAL_REPORT_YEARS = { first: 1950, last: 2100 } as const;

export const annualReportFormats = ["pdf", "csv"] as const;
export type AnnualReportFormat = (typeof annualReportFormats)[number];

const FILE = /^(\d{4})\.(pdf|csv)$/;

/** GET /api/reports/annual/:file, where the file is "<year>.pdf" or "<year>.csv". */
export const annualReportParamsSchema = z.object({
  file: z
    .string()
    .max(20)
    .regex(FILE, "An annual report is <year>.pdf or <year>.csv, the year in four digits (e.g. 2025.pdf)")
    .transform((f) => {
      const [, year, format] = FILE.exec(f)!;
      return { year: Number(year), format: format as AnnualReportFormat };
    })
    .refine((f) => f.year >= ANNUAL_REPORT_YEARS.first && f.year <= ANNUAL_REPORT_YEARS.last, {
      message: `The year must be between ${ANNUAL_REPORT_YEARS.first} and ${ANNUAL_REPORT_YEARS.last}`,
    }),
});

export const ANNUAL_REPORT_CONTENT_TYPES = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
} as const satisfies Record<AnnualReportFormat, string>;

export const annualReportAnswer = streamedAnswer(
  "The workspace's annual inspection programme report, as PDF or as CSV (one row per figure).",
  ["application/pdf", "text/csv"],
);

/** The CSV's header: each row is one figure. */
export const ANNUAL_REPORT_CSV_COLUMNS = ["section", "group", "figure", "value"] as const;

/** The poles' figures, in the CSV's order. */
export const ANNUAL_POLE_FIGURES = [
  "due",
  "due_inspected",
  "due_not_inspected",
  "inspected",
  "overdue_at_end",
  "never_inspected",
] as const;
/** Each level's findings' figures, in the CSV's order (the closes by how they met their date). */
export const ANNUAL_LEVEL_FIGURES = [
  "opened",
  "closed",
  "closed_on_time",
  "closed_late",
  "closed_extended",
  "open_at_end",
] as const;
export type AnnualLevelFigures = Record<(typeof ANNUAL_LEVEL_FIGURES)[number], number>;

/** The year's figures, as the service counts them and both files write them. */
export interface AnnualFigures {
  year: number;
  /** The first and last day counted: the calendar year in UTC, up to today in the current year. */
  from: string;
  to: string;
  /** Per inspection type (its code and name): visits dated in the period and the poles visited. */
  visits: { type: string; name: string; visits: number; poles: number }[];
  poles: Record<(typeof ANNUAL_POLE_FIGURES)[number], number>;
  levels: Record<1 | 2 | 3, AnnualLevelFigures>;
  /** The reasons of the extensions granted in the period, with how many findings each. */
  extensionReasons: { reason: string; findings: number }[];
}
