/**
 * The printable region report (pdfkit): the workspace, the region, the date, the counts, a map of
 * the region's poles, the open findings by due date (a table, then each beside its photo), the
 * poles due for inspection by lateness and those with no inspection on record by tag. Tagged for
 * screen readers (title, language, headings, tables, figures with their text), numbered
 * "Page n of N". The pages are kept until the end to number them: the service bounds the rows,
 * poles and photos a report holds.
 */
import {
  daysBetween,
  inspectionTexts,
  regionReportTexts as T,
  type Finding,
  type Summary,
} from "@poleatlas/shared";
import { flushPages, heading, numberPages, paragraph, startReport, table } from "./report-layout";
import { regionMap, type MapPole } from "./report-map";
import { findingPhotos, type ReportPhoto } from "./report-photos";
import type { DuePole } from "./report.repository";

export interface RegionReport {
  workspace: string;
  region: string;
  summary: Summary;
  /** The open findings by due date, at most the report's row limit of `openCount`. */
  findings: Finding[];
  openCount: number;
  /** The first findings' photos, in the findings' order. */
  photos: ReportPhoto[];
  map: { poles: MapPole[]; total: number };
  /** Each with the name of the type that is due. */
  duePoles: (DuePole & { due_type_name: string })[];
  neverInspected: { pole_tag: string | null; latitude: number; longitude: number }[];
}

const position = (lat: number, lon: number) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

/** How late a pole's inspection is: days past its due day, or how many days are left. */
function lateness(dueOn: string, today: string): string {
  const late = daysBetween(dueOn, today);
  return late >= 0 ? String(late) : T.dueIn(-late);
}

export async function regionReportPdf(r: RegionReport): Promise<PDFKit.PDFDocument> {
  const { doc, root } = startReport(T.documentTitle(r.region));
  const s = r.summary;
  const C = T.columns;
  heading(doc, root, "H1", T.title(r.region));
  paragraph(doc, root, T.workspace(r.workspace));
  paragraph(doc, root, T.date(s.today));
  doc.moveDown();

  heading(doc, root, "H2", T.findingsByLevel);
  await table(
    doc,
    root,
    [C.level, C.open, C.overdue, C.resolved12m],
    [80, 80, 80, 140],
    ([1, 2, 3] as const).map((l) => {
      const c = s.levels[l];
      return [`Level ${l}`, String(c.open), String(c.overdue), String(c.resolved12m)];
    }),
  );
  heading(doc, root, "H2", T.polesByState);
  const { current, due, overdue, never } = s.inspection;
  await table(
    doc,
    root,
    [C.current, C.due, C.overdue, inspectionTexts.neverInspected],
    [80, 80, 80, 200],
    [[current, due, overdue, never].map(String)],
  );

  heading(doc, root, "H2", T.map);
  await regionMap(doc, root, r.region, r.map.poles, r.map.total);

  heading(doc, root, "H2", T.openFindings(r.openCount));
  await table(
    doc,
    root,
    [C.tag, C.position, C.code, C.level, C.observed, C.due, C.state],
    [70, 110, 90, 40, 65, 65, 75],
    r.findings.map((f) => [
      f.pole_tag || "—",
      position(f.latitude, f.longitude),
      f.code,
      String(f.level),
      f.observed_on,
      f.due_on,
      f.overdue ? T.overdueState : T.openState,
    ]),
  );
  if (r.findings.length < r.openCount) paragraph(doc, root, T.rowsCapped(r.findings.length, r.openCount), 9);
  findingPhotos(doc, root, r.findings, r.photos);

  heading(doc, root, "H2", T.duePoles(due + overdue));
  await table(
    doc,
    root,
    [C.tag, C.position, C.type, C.lastVisit, C.due, C.late],
    [70, 120, 70, 80, 80, 90],
    r.duePoles.map((p) => [
      p.pole_tag || "—",
      position(p.latitude, p.longitude),
      p.due_type_name,
      p.due_type_last_on,
      p.inspection_due_on,
      lateness(p.inspection_due_on, s.today),
    ]),
  );
  if (r.duePoles.length < due + overdue)
    paragraph(doc, root, T.rowsCapped(r.duePoles.length, due + overdue), 9);

  heading(doc, root, "H2", T.neverInspected(never));
  await table(
    doc,
    root,
    [C.tag, C.position],
    [140, 160],
    r.neverInspected.map((p) => [p.pole_tag || "—", position(p.latitude, p.longitude)]),
  );
  if (r.neverInspected.length < never) paragraph(doc, root, T.rowsCapped(r.neverInspected.length, never), 9);

  root.end();
  await numberPages(doc);
  await flushPages(doc);
  doc.end();
  return doc;
}
