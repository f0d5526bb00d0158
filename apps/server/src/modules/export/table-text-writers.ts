/**
 * A layer table's rows as CSV, GeoJSON and KML (the findings layer's text formats): its columns,
 * then the position (longitude/latitude, or x/y in a projected system); KML names each
 * placemark by the table's title (the pole's tag first).
 */
import { csvNumber, csvText } from "../../formats/csv-cells";
import type { Table, Value } from "./export-tables";
import { xmlEscape } from "./export-writers";

const csvValue = (v: Value) => (typeof v === "number" ? csvNumber(v) : csvText(v));

export const tableCsvHeader = <R>(table: Table<R>, xy: boolean) =>
  `${[...table.fields.map((f) => f.name), ...(xy ? ["x", "y"] : ["longitude", "latitude"])]
    .map((c) => csvText(c))
    .join(",")}\r\n`;

export function tableCsvRow<R>(table: Table<R>, r: R, at: [number, number] | null): string {
  return [...table.values(r), at?.[0] ?? null, at?.[1] ?? null].map(csvValue).join(",") + "\r\n";
}

export function tableGeojsonFeature<R>(table: Table<R>, r: R, at: [number, number] | null): string {
  const values = table.values(r);
  const properties = Object.fromEntries(table.fields.map((f, i) => [f.name, values[i] ?? null]));
  return JSON.stringify({
    type: "Feature",
    geometry: at ? { type: "Point", coordinates: at } : null,
    properties,
  });
}

export function tablePlacemark<R>(table: Table<R>, r: R, at: [number, number]): string {
  const values = table.values(r);
  const data = table.fields
    .map((f, i): [string, Value] => [f.name, values[i] ?? null])
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `<Data name="${xmlEscape(k)}"><value>${xmlEscape(String(v))}</value></Data>`)
    .join("");
  return (
    `<Placemark><name>${xmlEscape(table.title(r))}</name><ExtendedData>${data}</ExtendedData>` +
    `<Point><coordinates>${at[0]},${at[1]}</coordinates></Point></Placemark>\n`
  );
}
