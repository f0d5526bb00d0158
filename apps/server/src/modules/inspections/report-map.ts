/**
 * The region report's map: the region's poles as dots in the legend's colours (the worst open
 * finding, else the quick rating; a red ring when a finding is overdue), drawn as vectors by the
 * server with no basemap, so it needs no network. Positions are projected about the poles' middle
 * (metres east and north, good to a fraction of a percent over a region); a scale bar and a north
 * arrow say how to read it, and where few poles stand each carries its tag.
 */
import {
  inspectionTexts,
  mapScreenTexts,
  OVERDUE_RING,
  poleTexts,
  regionReportTexts,
  RISK_COLORS,
  UNRATED_LOOK,
} from "@poleatlas/shared";
import { artifact, drawingSlices, ensureRoom, paragraph } from "./report-layout";

export interface MapPole {
  tag: string;
  latitude: number;
  longitude: number;
  condition: "high" | "medium" | "low" | null;
  overdue: boolean;
}

/** Up to this many poles carry their tag on the map; more would cover it in text. */
export const MAP_MAX_TAGS = 60;
const MAP_HEIGHT = 320;
const METRES_PER_DEGREE = 111_320;
/** Unrated first, High last: the worst is drawn on top. */
const ORDER = { unrated: 0, low: 1, medium: 2, high: 3 } as const;

function look(condition: MapPole["condition"]) {
  return condition ? { fill: RISK_COLORS[condition], outline: "#000000" } : UNRATED_LOOK;
}

/** The longest round length (1, 2 or 5 times a power of ten metres) not longer than `metres`. */
export function roundLength(metres: number): number {
  const power = 10 ** Math.floor(Math.log10(metres));
  return [5, 2, 1].map((f) => f * power).find((m) => m <= metres) ?? power;
}

const distance = (m: number) => (m >= 1000 ? `${m / 1000} km` : `${m} m`);

export async function regionMap(
  doc: PDFKit.PDFDocument,
  parent: PDFKit.PDFStructureElement,
  region: string,
  poles: MapPole[],
  total: number,
): Promise<void> {
  if (poles.length === 0) {
    paragraph(doc, parent, regionReportTexts.mapEmpty);
    return;
  }
  ensureRoom(doc, MAP_HEIGHT + 40);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;
  const lats = poles.map((p) => p.latitude);
  const lons = poles.map((p) => p.longitude);
  const [minLat, maxLat, minLon, maxLon] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lons),
    Math.max(...lons),
  ];
  const midLat = (minLat + maxLat) / 2;
  const midLon = (minLon + maxLon) / 2;
  const east = (lon: number) => (lon - midLon) * METRES_PER_DEGREE * Math.cos((midLat * Math.PI) / 180);
  const north = (lat: number) => (lat - midLat) * METRES_PER_DEGREE;
  // Points per metre: the poles' extent fills the frame less a border, at least 100 m across.
  const spanX = Math.max(east(maxLon) - east(minLon), 100);
  const spanY = Math.max(north(maxLat) - north(minLat), 100);
  const scale = Math.min((width - 40) / spanX, (MAP_HEIGHT - 40) / spanY);
  const x = (lon: number) => left + width / 2 + east(lon) * scale;
  const y = (lat: number) => top + MAP_HEIGHT / 2 - north(lat) * scale;
  const radius = poles.length > 2000 ? 1.5 : 3;

  // One figure drawn in slices of time, the server answering other requests between them:
  // 10,000 dots drawn in one go held the process for about 3 s.
  const figure = doc.struct("Figure", { alt: regionReportTexts.mapAlt(total, region) });
  parent.add(figure);
  figure.add(() => doc.rect(left, top, width, MAP_HEIGHT).lineWidth(0.5).strokeColor("#888888").stroke());
  const sorted = [...poles].sort((a, b) => ORDER[a.condition ?? "unrated"] - ORDER[b.condition ?? "unrated"]);
  const slices = drawingSlices();
  let next = 0;
  while (next < sorted.length) {
    figure.add(() => {
      while (next < sorted.length && !slices.due()) {
        const p = sorted[next++]!;
        const l = look(p.condition);
        doc.circle(x(p.longitude), y(p.latitude), radius).lineWidth(0.5).fillAndStroke(l.fill, l.outline);
        if (p.overdue) {
          doc
            .circle(x(p.longitude), y(p.latitude), radius + 1.5)
            .lineWidth(1)
            .strokeColor(OVERDUE_RING)
            .stroke();
        }
      }
    });
    await slices.turn();
  }
  figure.add(() => {
    if (poles.length <= MAP_MAX_TAGS) {
      doc.font("Helvetica").fontSize(6).fillColor("#000000");
      for (const p of poles) {
        doc.text(p.tag, x(p.longitude) + radius + 2, y(p.latitude) - 3, { lineBreak: false });
      }
    }
    // Scale bar, bottom left: a round length about a fifth of the frame.
    const metres = roundLength(width / 5 / scale);
    const barY = top + MAP_HEIGHT - 14;
    doc.rect(left + 10, barY, metres * scale, 4).fillAndStroke("#000000", "#000000");
    doc.font("Helvetica").fontSize(7).fillColor("#000000");
    doc.text(distance(metres), left + 10, barY - 10, { lineBreak: false });
    // North arrow, top right: the projection keeps north up.
    const ax = left + width - 20;
    doc.polygon([ax, top + 8], [ax - 6, top + 26], [ax, top + 21], [ax + 6, top + 26]).fill("#000000");
    doc.text(regionReportTexts.north, ax - 3, top + 28, { lineBreak: false });
  });
  figure.end();
  doc.x = left;
  doc.y = top + MAP_HEIGHT + 6;
  legend(doc, parent);
  if (poles.length < total) paragraph(doc, parent, regionReportTexts.mapCapped(poles.length, total), 8);
  doc.moveDown();
}

/** The legend's entries as the app names them, each after a swatch of its colour. */
function legend(doc: PDFKit.PDFDocument, parent: PDFKit.PDFStructureElement) {
  const entries = [
    { label: mapScreenTexts.highRisk, ...look("high") },
    { label: mapScreenTexts.mediumRisk, ...look("medium") },
    { label: mapScreenTexts.lowRisk, ...look("low") },
    { label: poleTexts.notRated, ...look(null) },
    { label: inspectionTexts.overdue, fill: "#FFFFFF", outline: OVERDUE_RING },
  ];
  const y = doc.y;
  let x = doc.page.margins.left;
  doc.font("Helvetica").fontSize(8).fillColor("#000000");
  const label = `${regionReportTexts.legend}:`;
  parent.add(doc.struct("P", {}, () => doc.text(label, x, y, { lineBreak: false })));
  x += doc.widthOfString(label) + 8;
  for (const e of entries) {
    artifact(doc, () =>
      doc
        .circle(x + 3, y + 3, 3)
        .lineWidth(1)
        .fillAndStroke(e.fill, e.outline),
    );
    doc.fillColor("#000000");
    parent.add(doc.struct("P", {}, () => doc.text(e.label, x + 9, y, { lineBreak: false })));
    x += 9 + doc.widthOfString(e.label) + 12;
  }
  doc.x = doc.page.margins.left;
  doc.y = y + 14;
}
