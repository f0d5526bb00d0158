/**
 * The printable region report (pdfkit): the workspace, the region, the date, the counts, the open
 * findings by due date with pole tags and positions, and the poles due for inspection. Written as
 * a stream: a region of 10k findings is ~200 pages.
 */
import PDFDocument from "pdfkit";
import { inspectionTexts, type Finding, type Summary } from "@poleatlas/shared";

export interface RegionReport {
  workspace: string;
  region: string;
  summary: Summary;
  findings: Finding[];
  duePoles: {
    pole_tag: string;
    latitude: number;
    longitude: number;
    last_inspected_on: string | null;
    inspection_due_on: string;
  }[];
}

const position = (lat: number, lon: number) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

/** Fixed columns, one line a row: a table without a table library. */
function row(doc: PDFKit.PDFDocument, cells: string[], widths: number[], bold = false) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 14) doc.addPage();
  const y = doc.y;
  let x = doc.page.margins.left;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
  cells.forEach((text, i) => {
    doc.text(text, x, y, { width: widths[i]! - 4, lineBreak: false, ellipsis: true });
    x += widths[i]!;
  });
  doc.x = doc.page.margins.left;
  doc.y = y + 12;
}

export function regionReportPdf(r: RegionReport): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `${r.region} inspection report` } });
  const s = r.summary;
  doc.font("Helvetica-Bold").fontSize(16).text(`${r.region} — inspection report`);
  doc.font("Helvetica").fontSize(10).text(`Workspace: ${r.workspace}`).text(`Date: ${s.today}`).moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("Findings by level").moveDown(0.3);
  row(doc, ["Level", "Open", "Overdue", "Resolved (12 months)"], [80, 80, 80, 140], true);
  for (const l of [1, 2, 3] as const) {
    const c = s.levels[l];
    row(doc, [`Level ${l}`, String(c.open), String(c.overdue), String(c.resolved12m)], [80, 80, 80, 140]);
  }
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(12).text("Poles by inspection state").moveDown(0.3);
  const sw = [80, 80, 80, 160];
  row(doc, ["Current", "Due", "Overdue", inspectionTexts.neverInspected], sw, true);
  const { current, due, overdue, never } = s.inspection;
  row(doc, [current, due, overdue, never].map(String), sw);
  doc.moveDown();

  const fw = [70, 110, 90, 40, 65, 65, 75];
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(`Open findings by due date (${r.findings.length})`)
    .moveDown(0.3);
  row(doc, ["Pole tag", "Position", "Code", "Level", "Observed", "Due", "State"], fw, true);
  for (const f of r.findings) {
    row(
      doc,
      [
        f.pole_tag || "—",
        position(f.latitude, f.longitude),
        f.code,
        String(f.level),
        f.observed_on,
        f.due_on,
        f.overdue ? "OVERDUE" : "open",
      ],
      fw,
    );
  }
  doc.moveDown();
  const pw = [90, 140, 100, 100];
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(`Poles due for inspection (${r.duePoles.length})`)
    .moveDown(0.3);
  row(doc, ["Pole tag", "Position", "Last visit", "Due"], pw, true);
  for (const p of r.duePoles) {
    row(
      doc,
      [p.pole_tag || "—", position(p.latitude, p.longitude), p.last_inspected_on ?? "—", p.inspection_due_on],
      pw,
    );
  }
  doc.end();
  return doc;
}
