/**
 * The annual report as CSV: one row per figure under the header section,group,figure,value, in
 * a fixed order, so a figure keeps its row name from year to year (docs/api.md lists them).
 */
import {
  ANNUAL_LEVEL_FIGURES,
  ANNUAL_POLE_FIGURES,
  ANNUAL_REPORT_CSV_COLUMNS,
  type AnnualFigures,
} from "@poleatlas/shared";
import { csvNumber, csvText } from "../../formats/csv-cells";

export function annualReportCsv(f: AnnualFigures): string {
  const lines = [ANNUAL_REPORT_CSV_COLUMNS.join(",")];
  const row = (section: string, group: string, figure: string, value: number) =>
    lines.push([csvText(section), csvText(group), csvText(figure), csvNumber(value)].join(","));

  for (const v of f.visits) {
    row("visits", v.type, "visits", v.visits);
    row("visits", v.type, "poles", v.poles);
  }
  row(
    "visits",
    "all",
    "visits",
    f.visits.reduce((n, v) => n + v.visits, 0),
  );
  for (const figure of ANNUAL_POLE_FIGURES) row("poles", "all", figure, f.poles[figure]);
  for (const level of [1, 2, 3] as const) {
    for (const figure of ANNUAL_LEVEL_FIGURES)
      row("findings", `level-${level}`, figure, f.levels[level][figure]);
  }
  for (const r of f.extensionReasons) row("extension_reasons", r.reason, "findings", r.findings);
  return `${lines.join("\r\n")}\r\n`;
}
