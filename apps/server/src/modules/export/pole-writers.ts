/**
 * The poles layer's three formats, one pole at a time. Each key of a pole's attributes is a
 * column (CSV) or property (GeoJSON) of its own, named as the register named it, so the file
 * imports back into the same poles; KML carries them as ExtendedData.
 */
import { EXPORT_POLE_COLUMNS } from "@poleatlas/shared";
import type { PoleExportRow } from "./export.repository";
import { csvNumber, csvText } from "../../formats/csv-cells";
import { xmlEscape, xyColumn } from "./export-writers";

/** The attribute columns: the workspace's attribute names less any that a fixed column has. */
export function attributeColumns(names: string[]): string[] {
  const fixed = new Set<string>(EXPORT_POLE_COLUMNS.map((c) => c.toLowerCase()));
  const seen = new Set<string>();
  return names.filter((n) => {
    const lower = n.toLowerCase();
    if (fixed.has(lower) || seen.has(lower)) return false;
    seen.add(lower);
    return true;
  });
}

type Value = string | number | null;

/** The fixed columns' values, in EXPORT_POLE_COLUMNS order. */
function fixedValues(r: PoleExportRow): Value[] {
  return [
    r.id,
    r.tag,
    r.label,
    r.latitude,
    r.longitude,
    r.material,
    r.height_m,
    r.class,
    r.installed_year,
    r.circuit,
    r.source,
    r.position_source,
    r.risk,
    r.photo_count,
    r.last_photo_date,
    r.last_visit_on,
    r.inspection_due_on,
    r.lean_deg,
    r.lean_toward_deg,
    r.lean_apparent,
    r.lean_measured_at,
  ];
}

const attribute = (r: PoleExportRow, name: string): Value => r.attributes[name] ?? null;

const csvValue = (v: Value) => (typeof v === "number" ? csvNumber(v) : csvText(v));

export const poleCsvHeader = (extra: string[], xy = false) =>
  `${[...EXPORT_POLE_COLUMNS.map((c) => (xy ? xyColumn(c) : c)), ...extra].map((c) => csvText(c)).join(",")}\r\n`;

export function poleCsvRow(extra: string[], r: PoleExportRow): string {
  const values = [...fixedValues(r), ...extra.map((n) => attribute(r, n))];
  return values.map(csvValue).join(",") + "\r\n";
}

export function poleGeojsonFeature(extra: string[], r: PoleExportRow): string {
  const properties: Record<string, Value> = {};
  const fixed = fixedValues(r);
  EXPORT_POLE_COLUMNS.forEach((c, i) => {
    if (c !== "latitude" && c !== "longitude") properties[c] = fixed[i] ?? null;
  });
  for (const n of extra) {
    const v = attribute(r, n);
    if (v !== null) properties[n] = v;
  }
  return JSON.stringify({
    type: "Feature",
    id: r.id,
    geometry: { type: "Point", coordinates: [r.longitude, r.latitude] },
    properties,
  });
}

/** A Placemark named by the pole's tag, else its label, else the start of its id. */
export function polePlacemark(extra: string[], r: PoleExportRow): string {
  const name = r.tag || r.label || `Pole ${r.id.slice(0, 8)}`;
  const fixed = fixedValues(r);
  const data = [
    ...EXPORT_POLE_COLUMNS.map((c, i): [string, Value] => [c, fixed[i] ?? null]),
    ...extra.map((n): [string, Value] => [n, attribute(r, n)]),
  ]
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `<Data name="${xmlEscape(k)}"><value>${xmlEscape(String(v))}</value></Data>`)
    .join("");
  const style = `risk-${r.risk ?? "unrated"}`;
  return (
    `<Placemark id="pole-${r.id}"><name>${xmlEscape(name)}</name><styleUrl>#${style}</styleUrl>` +
    `<ExtendedData>${data}</ExtendedData>` +
    `<Point><coordinates>${r.longitude},${r.latitude}</coordinates></Point></Placemark>\n`
  );
}
