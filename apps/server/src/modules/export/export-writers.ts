/**
 * The three file formats as small pure functions over one row each, so the route only streams
 * and the escaping rules are unit-tested on their own.
 */
import { EXPORT_CSV_COLUMNS, exportTexts, headingText, RISK_COLORS, type Risk } from "@poleatlas/shared";
import { csvNumber, csvText } from "../../formats/csv-cells";
import type { ExportRow } from "./export.repository";
import type { Placement } from "./placement";

/** What a row needs beyond itself: the absolute address of the photo files. */
export interface WriterContext {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
}

export const imageUrl = (ctx: WriterContext, row: ExportRow) => `${ctx.publicUrl}/files/${row.storage_key}`;

/** The photo's pole as the map colours it, and why; both null for a photo of no pole. */
export const poleCondition = (r: ExportRow): [string | null, string | null] =>
  r.pole_id === null ? [null, null] : [r.pole_condition ?? "unrated", r.pole_condition_source];

// ---- CSV (RFC 4180) ---------------------------------------------------------------------------

/** Projected positions are x and y (easting, northing), not longitude and latitude. */
export const xyColumn = (name: string) => (name === "longitude" ? "x" : name === "latitude" ? "y" : name);

export const csvHeader = (xy = false) =>
  `${EXPORT_CSV_COLUMNS.map((c) => (xy ? xyColumn(c) : c)).join(",")}\r\n`;

export function csvRow(ctx: WriterContext, r: ExportRow): string {
  return (
    [
      csvText(r.id),
      csvText(r.name),
      csvText(r.date),
      csvNumber(r.latitude),
      csvNumber(r.longitude),
      csvText(r.pole_id),
      csvText(r.pole_label),
      csvText(r.risk),
      csvText(r.notes),
      csvText(r.uploaded_by),
      csvText(imageUrl(ctx, r)),
      csvNumber(r.heading),
      ...poleCondition(r).map(csvText),
    ].join(",") + "\r\n"
  );
}

// ---- GeoJSON (RFC 7946) -----------------------------------------------------------------------

/**
 * With `epsg`, the positions are in that system and say so in the `crs` member GDAL and QGIS read
 * (RFC 7946 allows WGS 84 only; the older GeoJSON of 2008 named the system so).
 */
export const geojsonStart = (epsg?: number) =>
  `{"type":"FeatureCollection",${
    epsg === undefined ? "" : `"crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::${epsg}"}},`
  }"features":[\n`;
/**
 * The collection's end; rows the system could not place are counted in a foreign member (RFC
 * 7946 section 6.1), `unplaceable: { count, note }`.
 */
export function geojsonEnd(placement?: Placement): string {
  const note = placement?.note();
  if (!note) return "\n]}\n";
  return `\n],"unplaceable":${JSON.stringify({ count: placement!.unplaceable, note })}}\n`;
}

/** One Feature; RFC 7946 positions are [longitude, latitude], and an unplaced photo has null geometry. */
export function geojsonFeature(ctx: WriterContext, r: ExportRow): string {
  const placed = r.latitude !== null && r.longitude !== null;
  return JSON.stringify({
    type: "Feature",
    id: r.id,
    geometry: placed ? { type: "Point", coordinates: [r.longitude, r.latitude] } : null,
    properties: {
      id: r.id,
      name: r.name,
      date: r.date,
      pole_id: r.pole_id,
      pole_label: r.pole_label,
      risk: r.risk,
      notes: r.notes,
      uploaded_by: r.uploaded_by,
      image_url: imageUrl(ctx, r),
      heading: r.heading,
      pole_condition: poleCondition(r)[0],
      pole_condition_source: poleCondition(r)[1],
    },
  });
}

// ---- KML 2.2 ----------------------------------------------------------------------------------

/** XML text and attribute escaping; characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** KML colours are aabbggrr. */
export function kmlColor(hex: string): string {
  const [r, g, b] = [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  return `ff${b}${g}${r}`.toLowerCase();
}

const UNRATED_COLOR = "#9e9e9e";
const styleId = (risk: Risk | null) => `risk-${risk ?? "unrated"}`;

export function kmlStart(title: string): string {
  const styles = [...(["low", "medium", "high"] as const), null]
    .map((risk) => {
      const color = kmlColor(risk ? RISK_COLORS[risk] : UNRATED_COLOR);
      return `<Style id="${styleId(risk)}"><IconStyle><color>${color}</color></IconStyle></Style>`;
    })
    .join("\n");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n` +
    `<name>${xmlEscape(title)}</name>\n${styles}\n`
  );
}

export const kmlEnd = (folderOpen: boolean) => `${folderOpen ? "</Folder>\n" : ""}</Document>\n</kml>\n`;

/** A pole's folder: its tag, else its label, else "Pole <first 8 of its id>". */
export function kmlFolderStart(r: ExportRow): string {
  const name =
    r.pole_id === null ? exportTexts.noPole : r.pole_tag || r.pole_label || `Pole ${r.pole_id.slice(0, 8)}`;
  return `<Folder><name>${xmlEscape(name)}</name>\n`;
}

export function kmlPlacemark(ctx: WriterContext, r: ExportRow): string {
  const when = r.date ? `<TimeStamp><when>${r.date}</when></TimeStamp>` : "";
  const looking = r.heading === null ? "" : headingText(r.heading);
  const [condition, source] = poleCondition(r);
  const pole = condition === null ? "" : `Pole: ${condition}${source === null ? "" : ` (${source})`}`;
  const description = [r.risk ? `Risk: ${r.risk}` : "Unrated", pole, looking, r.notes ?? "", imageUrl(ctx, r)]
    .filter((s) => s !== "")
    .join("\n");
  return (
    `<Placemark id="p-${r.id}"><name>${xmlEscape(r.name)}</name>${when}` +
    `<description>${xmlEscape(description)}</description><styleUrl>#${styleId(r.risk)}</styleUrl>` +
    `<Point><coordinates>${r.longitude},${r.latitude}</coordinates></Point></Placemark>\n`
  );
}
