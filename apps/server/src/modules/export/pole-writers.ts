/**
 * The poles layer's three text formats, one pole at a time. Each key of a pole's attributes is a
 * column (CSV) or property (GeoJSON) of its own, named as the register named it, so the file
 * imports back into the same poles; KML carries them as ExtendedData. GeoJSON and KML write only
 * the attributes a pole has; a CSV row is as wide as the header, its empty cells made in one go.
 */
import { EXPORT_POLE_COLUMNS } from "@poleatlas/shared";
import { csvNumber, csvText } from "../../formats/csv-cells";
import { xmlEscape, xyColumn } from "./export-writers";
import { attributeCells, fixedValues, type PoleColumns, type Value } from "./pole-columns";
import type { PlacedPoleRow, PoleExportRow } from "./pole-rows";

const LATITUDE = EXPORT_POLE_COLUMNS.indexOf("latitude");
const LONGITUDE = EXPORT_POLE_COLUMNS.indexOf("longitude");

const csvValue = (v: Value) => (typeof v === "number" ? csvNumber(v) : csvText(v));

export const poleCsvHeader = (columns: PoleColumns, xy = false) =>
  `${[...columns.fixed.map((c) => (xy ? xyColumn(c) : c)), ...columns.attributes].map((c) => csvText(c)).join(",")}\r\n`;

/** A row's position as the file writes it; null: the system cannot express it (empty cells). */
export type Placed = PlacedPoleRow;

export function poleCsvRow(columns: PoleColumns, r: Placed): string {
  const fixed = fixedValues(columns, r).map(csvValue).join(",");
  const n = columns.attributes.length;
  if (n === 0) return fixed + "\r\n";
  const cells = new Array<string>(n).fill("");
  for (const [i, v] of attributeCells(columns, r).cells) cells[i] = csvValue(v);
  return `${fixed},${cells.join(",")}\r\n`;
}

/**
 * Properties in an object without a prototype: an attribute named `__proto__` is a property like
 * any other, not the object's prototype.
 */
function properties(columns: PoleColumns, r: Placed): Record<string, Value> {
  const out = Object.create(null) as Record<string, Value>;
  const fixed = fixedValues(columns, r);
  columns.fixed.forEach((c, i) => {
    if (i !== LATITUDE && i !== LONGITUDE) out[c] = fixed[i] ?? null;
  });
  for (const [i, v] of attributeCells(columns, r).cells) out[columns.attributes[i]!] = v;
  return out;
}

export function poleGeojsonFeature(columns: PoleColumns, r: Placed): string {
  const placed = r.latitude !== null && r.longitude !== null;
  return JSON.stringify({
    type: "Feature",
    id: r.id,
    geometry: placed ? { type: "Point", coordinates: [r.longitude, r.latitude] } : null,
    properties: properties(columns, r),
  });
}

/** A Placemark named by the pole's tag, else its label, else the start of its id. */
export function polePlacemark(columns: PoleColumns, r: PoleExportRow): string {
  const name = r.tag || r.label || `Pole ${r.id.slice(0, 8)}`;
  const fixed = fixedValues(columns, r);
  const pairs: [string, Value][] = columns.fixed.map((c, i) => [c, fixed[i] ?? null]);
  for (const [i, v] of attributeCells(columns, r).cells) pairs.push([columns.attributes[i]!, v]);
  const data = pairs
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `<Data name="${xmlEscape(k)}"><value>${xmlEscape(String(v))}</value></Data>`)
    .join("");
  const style = `risk-${r.condition ?? "unrated"}`;
  return (
    `<Placemark id="pole-${r.id}"><name>${xmlEscape(name)}</name><styleUrl>#${style}</styleUrl>` +
    `<ExtendedData>${data}</ExtendedData>` +
    `<Point><coordinates>${r.longitude},${r.latitude}</coordinates></Point></Placemark>\n`
  );
}
