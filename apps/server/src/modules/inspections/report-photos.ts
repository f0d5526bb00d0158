/**
 * The region report's open findings one by one, each beside the photo it was found on (the
 * stored thumbnail, embedded), or a line saying why there is none. Photos are embedded for the
 * first findings only (the report's photo limit); the table above lists them all.
 */
import { regionReportTexts, type Finding } from "@poleatlas/shared";
import { artifact, ensureRoom, heading, paragraph } from "./report-layout";

/** A finding's photo as the report embeds it: JPEG bytes, or why there are none. */
export type ReportPhoto = { jpeg: Buffer } | { missing: "none" | "gone" };

const PHOTO_SIZE = 80;
const BLOCK_HEIGHT = PHOTO_SIZE + 10;

export function findingPhotos(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  findings: Finding[],
  photos: ReportPhoto[],
) {
  if (findings.length === 0) return;
  // The heading goes where its first finding fits.
  ensureRoom(doc, BLOCK_HEIGHT + 30);
  heading(doc, parent, "H2", regionReportTexts.findingPhotos);
  const left = doc.page.margins.left;
  const textLeft = left + PHOTO_SIZE + 12;
  const textWidth = doc.page.width - doc.page.margins.right - textLeft;
  photos.forEach((photo, i) => {
    const f = findings[i]!;
    ensureRoom(doc, BLOCK_HEIGHT);
    const top = doc.y;
    const block = doc.struct("Div");
    parent.add(block);
    if ("jpeg" in photo) {
      block.add(
        doc.struct("Figure", { alt: regionReportTexts.photoAlt(f.pole_tag || "—", f.code) }, () =>
          doc.image(photo.jpeg, left, top, { fit: [PHOTO_SIZE, PHOTO_SIZE] }),
        ),
      );
    } else {
      artifact(doc, () =>
        doc.rect(left, top, PHOTO_SIZE, PHOTO_SIZE).lineWidth(0.5).strokeColor("#bbbbbb").stroke(),
      );
    }
    const lines = [
      `${f.pole_tag || "—"} · ${f.code} · Level ${f.level}${f.overdue ? ` · ${regionReportTexts.overdueState}` : ""}`,
      `${regionReportTexts.columns.observed} ${f.observed_on} · ${regionReportTexts.columns.due} ${f.due_on}`,
      ...(f.notes ? [f.notes] : []),
      ...("missing" in photo
        ? [photo.missing === "none" ? regionReportTexts.noPhoto : regionReportTexts.photoGone]
        : []),
    ];
    doc.fillColor("#000000");
    lines.forEach((line, n) => {
      doc.font(n === 0 ? "Helvetica-Bold" : "Helvetica").fontSize(9);
      block.add(
        doc.struct("P", {}, () =>
          doc.text(line, textLeft, top + n * 13, {
            width: textWidth,
            height: 13,
            lineBreak: false,
            ellipsis: true,
          }),
        ),
      );
    });
    block.end();
    doc.x = left;
    doc.y = top + BLOCK_HEIGHT;
  });
  if (photos.length < findings.length)
    paragraph(doc, parent, regionReportTexts.photosCapped(photos.length), 9);
  doc.moveDown();
}
