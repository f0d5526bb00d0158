/**
 * The text formats (CSV, GeoJSON, KML) of each layer, batch by batch: the format's opening, the
 * rows in chunks, its closing. In another coordinate system than WGS 84 the positions are
 * converted as each batch goes (KML is WGS 84 by definition, and refused another one). The event
 * loop gets a turn whenever a time slice is used up, and a chunk is handed on at about 1 MB.
 */
import type { ExportFormat } from "@poleatlas/shared";
import type { ExportRow } from "./export.repository";
import type { Table } from "./export-tables";
import * as w from "./export-writers";
import type { PoleColumns } from "./pole-columns";
import type { PoleExportRow } from "./pole-rows";
import * as pw from "./pole-writers";
import type { Placement } from "./placement";
import * as tw from "./table-text-writers";
import { EXPORT_SLICE_MS, timeSlices } from "../../infra/limits/time-slices";

type TextFormat = Extract<ExportFormat, "csv" | "geojson" | "kml">;

/** Characters a chunk gathers before it is handed on. */
const CHUNK_CHARS = 1 << 20;

/** The rows' positions in the placement's system: longitude becomes x and latitude y (or null). */
function projected<R extends { latitude: number | null; longitude: number | null }>(
  placement: Placement,
): (r: R) => R {
  if (!placement.system) return (r) => r;
  return (r) => {
    if (r.latitude === null || r.longitude === null) return r;
    const xy = placement.place(r.longitude, r.latitude);
    return { ...r, longitude: xy?.[0] ?? null, latitude: xy?.[1] ?? null };
  };
}

/** Each batch's rows through `line`, `sep` between two rows, in chunks, with turns between. */
async function* lines<R>(
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
  line: (r: R) => string,
  sep = "",
): AsyncGenerator<string> {
  const slice = timeSlices(EXPORT_SLICE_MS);
  let before = "";
  let chunk = "";
  for (let next = first; !next.done; next = await rest.next()) {
    for (const r of next.value) {
      chunk += before + line(r);
      before = sep;
      const due = slice.due();
      if (chunk.length >= CHUNK_CHARS || due) {
        yield chunk;
        chunk = "";
      }
      if (due) await slice.turn();
    }
    if (chunk !== "") yield chunk;
    chunk = "";
  }
}

const xyNamed = (placement: Placement) => placement.system?.projected ?? false;
const epsgOf = (placement: Placement) => placement.system?.epsg;

/** The photos layer: one row a photo; in KML a Folder per pole, named by its tag. */
export async function* renderPhotos(
  format: TextFormat,
  ctx: w.WriterContext,
  title: string,
  placement: Placement,
  first: IteratorResult<ExportRow[]>,
  rest: AsyncGenerator<ExportRow[]>,
): AsyncGenerator<string> {
  const at = projected<ExportRow>(placement);
  if (format === "csv") {
    yield w.csvHeader(xyNamed(placement));
    yield* lines(first, rest, (r) => w.csvRow(ctx, at(r)));
  } else if (format === "geojson") {
    yield w.geojsonStart(epsgOf(placement));
    yield* lines(first, rest, (r) => w.geojsonFeature(ctx, at(r)), ",\n");
    yield w.geojsonEnd(placement);
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
  columns: PoleColumns,
  title: string,
  placement: Placement,
  first: IteratorResult<PoleExportRow[]>,
  rest: AsyncGenerator<PoleExportRow[]>,
): AsyncGenerator<string> {
  const at = projected<pw.Placed>(placement);
  if (format === "csv") {
    yield pw.poleCsvHeader(columns, xyNamed(placement));
    yield* lines(first, rest, (r) => pw.poleCsvRow(columns, at(r)));
  } else if (format === "geojson") {
    yield w.geojsonStart(epsgOf(placement));
    yield* lines(first, rest, (r) => pw.poleGeojsonFeature(columns, at(r)), ",\n");
    yield w.geojsonEnd(placement);
  } else {
    yield w.kmlStart(title);
    yield* lines(first, rest, (r) => pw.polePlacemark(columns, r));
    yield w.kmlEnd(false);
  }
}

/** A layer told by its table (the findings). */
export async function* renderTable<R>(
  format: TextFormat,
  table: Table<R>,
  title: string,
  placement: Placement,
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
): AsyncGenerator<string> {
  const at = (r: R) => {
    const p = table.position(r);
    return p && placement.place(p[0], p[1]);
  };
  if (format === "csv") {
    yield tw.tableCsvHeader(table, xyNamed(placement));
    yield* lines(first, rest, (r) => tw.tableCsvRow(table, r, at(r)));
  } else if (format === "geojson") {
    yield w.geojsonStart(epsgOf(placement));
    yield* lines(first, rest, (r) => tw.tableGeojsonFeature(table, r, at(r)), ",\n");
    yield w.geojsonEnd(placement);
  } else {
    yield w.kmlStart(title);
    yield* lines(first, rest, (r) => {
      const p = table.position(r);
      return p ? tw.tablePlacemark(table, r, p) : "";
    });
    yield w.kmlEnd(false);
  }
}
