/**
 * The region report's page furniture in pdfkit, tagged for screen readers: headings and
 * paragraphs as structure, tables as Table/TR/TH/TD whose header row is drawn again at the top of
 * each page it runs onto (marked as an artifact there, so it is read once), and "Page 2 of 7" on
 * every page once all pages are laid out.
 */
import PDFDocument from "pdfkit";
import { timeSlices } from "../../infra/limits/time-slices";
import { regionReportTexts } from "@poleatlas/shared";

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

/**
 * A report's document: A4, tagged (its title shown, English), its pages kept until numberPages;
 * and the root of its structure, which the headings, paragraphs and tables go under.
 */
export function startReport(title: string): { doc: Doc; root: Struct } {
  const doc = new PDFDocument({
    size: "A4",
    margin: 40,
    bufferPages: true,
    tagged: true,
    lang: "en",
    displayTitle: true,
    pdfVersion: "1.7",
    info: { Title: title },
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  return { doc, root };
}

const ROW_HEIGHT = 12;
const FOOTER_HEIGHT = 20;

/** The bottom of the area rows may use: the margin plus the page number's line. */
export const contentBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT;

/** Starts a new page when `height` points do not fit on this one. */
export function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= contentBottom(doc)) return false;
  doc.addPage();
  return true;
}

export function heading(doc: Doc, parent: Struct, type: "H1" | "H2", text: string) {
  ensureRoom(doc, type === "H1" ? 60 : 50);
  doc.font("Helvetica-Bold").fontSize(type === "H1" ? 16 : 12);
  parent.add(doc.struct(type, {}, () => doc.text(text, doc.page.margins.left, doc.y)));
  doc.moveDown(0.3);
}

export function paragraph(doc: Doc, parent: Struct, text: string, size = 10) {
  ensureRoom(doc, size * 2);
  doc.font("Helvetica").fontSize(size);
  parent.add(doc.struct("P", {}, () => doc.text(text, doc.page.margins.left, doc.y)));
}

/** Drawing that carries no meaning of its own (rules, boxes): left out of what is read aloud. */
export function artifact(doc: Doc, draw: () => void) {
  doc.markContent("Artifact", { type: "Layout" });
  draw();
  doc.endMarkedContent();
}

function cellsAt(
  doc: Doc,
  cells: string[],
  widths: number[],
  bold: boolean,
  each: (draw: () => void) => void,
) {
  const y = doc.y;
  let x = doc.page.margins.left;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
  cells.forEach((text, i) => {
    const at = x;
    each(() => doc.text(text, at, y, { width: widths[i]! - 4, lineBreak: false, ellipsis: true }));
    x += widths[i]!;
  });
  doc.x = doc.page.margins.left;
  doc.y = y + ROW_HEIGHT;
}

/**
 * Drawing lets other requests in every SLICE_MS: a row took ~1 ms on a quiet machine and ~5 ms
 * on a busy one, where 200 rows between turns held /api/health for over 2 s.
 */
export const drawingSlices = () => timeSlices();

/**
 * A table of one-line rows under `header`, written row by row from `rows` (so a long list is
 * never held as cells). On each page it runs onto, the header is repeated. Drawing a row takes
 * about a millisecond; every SLICE_MS of drawing it lets the server answer other requests.
 */
export async function table(
  doc: Doc,
  parent: Struct,
  header: string[],
  widths: number[],
  rows: Iterable<string[]>,
) {
  const t = doc.struct("Table");
  parent.add(t);
  const drawHeader = (repeat: boolean) => {
    if (repeat) {
      artifact(doc, () => cellsAt(doc, header, widths, true, (draw) => draw()));
    } else {
      const tr = doc.struct("TR");
      t.add(tr);
      cellsAt(doc, header, widths, true, (draw) => tr.add(doc.struct("TH", {}, draw)));
      tr.end();
    }
    const y = doc.y - 2;
    artifact(doc, () =>
      doc
        .moveTo(doc.page.margins.left, y)
        .lineTo(doc.page.margins.left + widths.reduce((a, b) => a + b, 0), y)
        .lineWidth(0.5)
        .strokeColor("#888888")
        .stroke(),
    );
  };
  ensureRoom(doc, ROW_HEIGHT * 2);
  drawHeader(false);
  const slices = drawingSlices();
  for (const cells of rows) {
    if (slices.due()) await slices.turn();
    if (ensureRoom(doc, ROW_HEIGHT)) drawHeader(true);
    const tr = doc.struct("TR");
    t.add(tr);
    cellsAt(doc, cells, widths, false, (draw) => tr.add(doc.struct("TD", {}, draw)));
    tr.end();
  }
  t.end();
  doc.moveDown();
}

/** "Page n of N" at the foot of every page: the pages must have been kept (bufferPages). */
export async function numberPages(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  // A report may run to hundreds of pages.
  const slices = drawingSlices();
  for (let i = start; i < start + count; i++) {
    if (slices.due()) await slices.turn();
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin must not start a page of its own.
    doc.page.margins.bottom = 0;
    doc.markContent("Artifact", { type: "Pagination" });
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#000000")
      .text(regionReportTexts.page(i + 1, count), doc.page.margins.left, doc.page.height - bottom - 10, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
}

/** What pdfkit's own flushPages() reads and calls, a page at a time. */
interface PageBuffer {
  _pageBuffer?: unknown;
  _pageBufferStart: number;
  endPageMarkings(page: PDFKit.PDFPage): void;
}

/**
 * Writes out the kept pages in slices of time, as doc.end() would all at once: for a report of
 * 300 pages that was ~0.9 s with no other request answered. The same steps as pdfkit's
 * flushPages(), page by page; should a pdfkit release keep its pages elsewhere, doc.end() flushes
 * them as before.
 */
export async function flushPages(doc: Doc) {
  const d = doc as unknown as PageBuffer;
  if (!Array.isArray(d._pageBuffer)) return;
  const pages = d._pageBuffer as PDFKit.PDFPage[];
  const slices = drawingSlices();
  while (pages.length > 0) {
    const page = pages.shift()!;
    d._pageBufferStart += 1;
    d.endPageMarkings(page);
    (page as unknown as { end(): void }).end();
    if (slices.due()) await slices.turn();
  }
}
