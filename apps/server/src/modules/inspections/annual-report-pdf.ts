/**
 * The printable annual programme report (pdfkit), built from the region report's furniture:
 * tagged for screen readers, tables whose header repeats on each page, "Page n of N". The
 * inspections by type, the poles by state, the findings by level and how the closed ones met
 * their date, and the findings closed after an extension with its reasons.
 */
import { annualReportTexts as T, regionReportTexts, type AnnualFigures } from "@poleatlas/shared";
import type { ExtendedFinding } from "./annual-report.repository";
import { flushPages, heading, numberPages, paragraph, startReport, table } from "./report-layout";

export interface AnnualReport {
  figures: AnnualFigures;
  workspace: string;
  /** The current year: its figures run to today. */
  partYear: boolean;
  /** The findings closed after an extension granted in time, at most the report's row limit. */
  extended: ExtendedFinding[];
}

export async function annualReportPdf(r: AnnualReport): Promise<PDFKit.PDFDocument> {
  const f = r.figures;
  const C = T.columns;
  const { doc, root } = startReport(T.title(f.year));
  heading(doc, root, "H1", T.title(f.year));
  paragraph(doc, root, T.workspace(r.workspace));
  paragraph(doc, root, T.period(f.from, f.to));
  if (r.partYear) paragraph(doc, root, T.partYear);
  doc.moveDown();

  heading(doc, root, "H2", T.visits);
  await table(
    doc,
    root,
    [C.type, C.visits, C.polesVisited],
    [200, 80, 80],
    f.visits.map((v) => [v.name, String(v.visits), String(v.poles)]),
  );

  heading(doc, root, "H2", T.poles);
  const p = f.poles;
  await table(
    doc,
    root,
    [C.due, C.dueInspected, C.dueNotInspected, C.inspected, C.overdueAtEnd, C.neverInspected],
    [75, 80, 75, 70, 90, 120],
    [
      [p.due, p.due_inspected, p.due_not_inspected, p.inspected, p.overdue_at_end, p.never_inspected].map(
        String,
      ),
    ],
  );

  heading(doc, root, "H2", T.findings);
  await table(
    doc,
    root,
    [C.level, C.opened, C.closed, C.onTime, C.late, C.extended, C.openAtEnd],
    [60, 60, 60, 60, 60, 60, 100],
    ([1, 2, 3] as const).map((l) => {
      const x = f.levels[l];
      return [
        `Level ${l}`,
        x.opened,
        x.closed,
        x.closed_on_time,
        x.closed_late,
        x.closed_extended,
        x.open_at_end,
      ].map(String);
    }),
  );
  paragraph(doc, root, T.rule, 9);
  doc.moveDown();

  const extendedCount =
    f.levels[1].closed_extended + f.levels[2].closed_extended + f.levels[3].closed_extended;
  heading(doc, root, "H2", T.extended(extendedCount));
  await table(
    doc,
    root,
    [C.tag, C.code, C.level, C.originalDue, C.extendedTo, C.resolved, C.reason],
    [65, 80, 35, 60, 60, 60, 155],
    r.extended.map((e) => [
      e.pole_tag || "—",
      e.code,
      String(e.level),
      e.original_due_on,
      e.due_on,
      e.resolved_on,
      e.reasons,
    ]),
  );
  if (r.extended.length < extendedCount)
    paragraph(doc, root, regionReportTexts.rowsCapped(r.extended.length, extendedCount), 9);
  heading(doc, root, "H2", T.reasons);
  await table(
    doc,
    root,
    [C.reason, C.findings],
    [360, 80],
    f.extensionReasons.map((x) => [x.reason, String(x.findings)]),
  );

  root.end();
  await numberPages(doc);
  await flushPages(doc);
  doc.end();
  return doc;
}
