/**
 * The text formats (CSV, GeoJSON, KML) of each layer, batch by batch: the format's opening, one
 * chunk per fetched batch, its closing. In another coordinate system than WGS 84 the positions
 * are converted as each batch goes (KML is WGS 84 by definition, and refused another one).
 */
import type { ExportFormat } from "@poleatlas/shared";
import type { CoordinateSystem } from "../../formats/coordinate-systems";
import type { ExportRow, PoleExportRow } from "./export.repository";
import type { Table } from "./export-tables";
import * as w from "./export-writers";
import * as pw from "./pole-writers";
import * as tw from "./table-text-writers";

type TextFormat = Extract<ExportFormat, "csv" | "geojson" | "kml">;

/** The rows' positions in `system`: longitude becomes x and latitude y. */
function projected<R extends { latitude: number | null; longitude: number | null }>(
  system: CoordinateSystem | null,
): (r: R) => R {
  if (!system) return (r) => r;
  return (r) => {
    if (r.latitude === null || r.longitude === null) return r;
    const [x, y] = system.fromWgs84(r.longitude, r.latitude);
    return { ...r, longitude: x, latitude: y };
  };
}

/** Each batch's rows through `line`, `sep` between two rows. */
async function* lines<R>(
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
  line: (r: R) => string,
  sep = "",
): AsyncGenerator<string> {
  let before = "";
  for (let next = first; !next.done; next = await rest.next()) {
    let chunk = "";
    for (const r of next.value) {
      chunk += before + line(r);
      before = sep;
    }
    yield chunk;
  }
}

const xyNamed = (system: CoordinateSystem | null) => system?.projected ?? false;

/** The photos layer: one row a photo; in KML a Folder per pole, named by its tag. */
export async function* renderPhotos(
  format: TextFormat,
  ctx: w.WriterContext,
  title: string,
  system: CoordinateSystem | null,
  first: IteratorResult<ExportRow[]>,
  rest: AsyncGenerator<ExportRow[]>,
): AsyncGenerator<string> {
  const at = projected<ExportRow>(system);
  if (format === "csv") {
    yield w.csvHeader(xyNamed(system));
    yield* lines(first, rest, (r) => w.csvRow(ctx, at(r)));
  } else if (format === "geojson") {
    yield w.geojsonStart(system?.epsg);
    yield* lines(first, rest, (r) => w.geojsonFeature(ctx, at(r)), ",\n");
    yield w.geojsonEnd();
  } else {
    yield w.kmlStart(title);
    let pole: string | null | undefined = undefined;
    yield* lines(first, rest, (r) => {
      let out = "";
      if (r.pole_id !== pole) {
        if (pole !== undefined) out += "</Folder>\n";
        out += w.kmlFolderStart(r);
        pole = r.pole_id;
      }
      return out + w.kmlPlacemark(ctx, r);
    });
    yield w.kmlEnd(pole !== undefined);
  }
}

/** The poles layer: as the photos, one Placemark a pole in KML (no folders). */
export async function* renderPoles(
  format: TextFormat,
  extra: string[],
  title: string,
  system: CoordinateSystem | null,
  first: IteratorResult<PoleExportRow[]>,
  rest: AsyncGenerator<PoleExportRow[]>,
): AsyncGenerator<string> {
  const at = projected<PoleExportRow>(system);
  if (format === "csv") {
    yield pw.poleCsvHeader(extra, xyNamed(system));
    yield* lines(first, rest, (r) => pw.poleCsvRow(extra, at(r)));
  } else if (format === "geojson") {
    yield w.geojsonStart(system?.epsg);
    yield* lines(first, rest, (r) => pw.poleGeojsonFeature(extra, at(r)), ",\n");
    yield w.geojsonEnd();
  } else {
    yield w.kmlStart(title);
    yield* lines(first, rest, (r) => pw.polePlacemark(extra, r));
    yield w.kmlEnd(false);
  }
}

/** A layer told by its table (the findings). */
export async function* renderTable<R>(
  format: TextFormat,
  table: Table<R>,
  title: string,
  system: CoordinateSystem | null,
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
): AsyncGenerator<string> {
  const at = (r: R) => {
    const p = table.position(r);
    return p && system ? system.fromWgs84(p[0], p[1]) : p;
  };
  if (format === "csv") {
    yield tw.tableCsvHeader(table, xyNamed(system));
    yield* lines(first, rest, (r) => tw.tableCsvRow(table, r, at(r)));
  } else if (format === "geojson") {
    yield w.geojsonStart(system?.epsg);
    yield* lines(first, rest, (r) => tw.tableGeojsonFeature(table, r, at(r)), ",\n");
    yield w.geojsonEnd();
  } else {
    yield w.kmlStart(title);
    yield* lines(first, rest, (r) => {
      const p = table.position(r);
      return p ? tw.tablePlacemark(table, r, p) : "";
    });
    yield w.kmlEnd(false);
  }
}
