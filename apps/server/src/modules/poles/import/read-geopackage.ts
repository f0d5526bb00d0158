/**
 * A GeoPackage register (an SQLite file, OGC 12-128): its first point layer, or the one named by
 * `layer`, read row by row with node-sqlite3-wasm straight from the upload's temp file. Each
 * geometry blob is decoded here (formats/geopackage-geometry) and its position reprojected from
 * the layer's coordinate system (gpkg_geometry_columns → gpkg_spatial_ref_sys) to WGS 84; the
 * other columns are the row's fields.
 *
 * A GeoPackage is a database its sender wrote: reading a view runs the view's SQL (a recursive
 * one held the server for 43 s), a virtual table runs its module, a generated column its
 * expression. So every table read here (the layer and the three gpkg_ tables) must be an ordinary
 * table without generated columns, or the file is refused before a row is read. Triggers and
 * other virtual tables may stay (GDAL writes an R-tree index and its triggers into every file):
 * the file is opened read-only with `query_only`, so no trigger fires, and with
 * `trusted_schema` off. Its texts are capped as a Shapefile's .prj is, its rows counted before the
 * first is read. SQLite's reads are synchronous: this runs on a thread of its own
 * (geopackage-read-thread.ts), under a time limit.
 */
import sqlite from "node-sqlite3-wasm";
// The texts alone: this runs on the GeoPackage reader's thread, which loads what it imports.
import { geopackageImportTexts as texts } from "@poleatlas/shared/messages";
import { AppError, badRequest } from "../../../errors";
import { coordinateSystem, WGS84_CODE } from "../../../formats/coordinate-systems";
import { readGpkgGeometry } from "../../../formats/geopackage-geometry";
import { projectionOf } from "./wkt-projection";
import { newFields, type FieldValue, type SourceRow } from "./source-row";

type Position = (xy: [number, number]) => [number, number];

interface LayerInfo {
  table: string;
  column: string;
  type: string;
  srsId: number;
}

/** A column's value as text (SQLite hands back numbers for numeric text). */
const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

const unreadable = () => badRequest(texts.unreadable, "import_unreadable");

/** The longest gpkg_spatial_ref_sys definition read, as a Shapefile's .prj (a 51 MB one took 676 MB). */
export const MAX_SRS_DEFINITION_CHARS = 64 * 1024;

/** The standard's tables this reader reads. */
const GPKG_TABLES = ["gpkg_contents", "gpkg_geometry_columns", "gpkg_spatial_ref_sys"];

/** What `name` is in the file: "table", or why it would not be read as one; null when absent. */
function kindOf(db: sqlite.Database, name: string): "table" | "view" | "virtual table" | null {
  const row = db.get(`SELECT type, sql FROM sqlite_master WHERE name = ? AND type IN ('table', 'view')`, [
    name,
  ]);
  if (!row) return null;
  if (row.type === "view") return "view";
  return /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(text(row.sql)) ? "virtual table" : "table";
}

/** Refuses a table this reader would read that is a view, a virtual table or has generated columns. */
function mustBePlainTable(db: sqlite.Database, name: string): void {
  const kind = kindOf(db, name);
  if (kind === null) return;
  if (kind !== "table") throw badRequest(texts.notATable(name, kind), "import_gpkg_not_a_table");
  // table_xinfo's `hidden`: 2 and 3 mark generated columns, computed from an expression on reading.
  const generated = db
    .all(`PRAGMA table_xinfo(${quoted(name)})`)
    .filter((c) => Number(c.hidden) === 2 || Number(c.hidden) === 3);
  if (generated.length > 0)
    throw badRequest(texts.generatedColumn(name, text(generated[0]!.name)), "import_gpkg_not_a_table");
}

/** The feature layers with their geometry column, in the order gpkg_contents lists them. */
function featureLayers(db: sqlite.Database): LayerInfo[] {
  let tables: number;
  try {
    tables = db.all(
      `SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name IN ('gpkg_contents', 'gpkg_geometry_columns')`,
    ).length;
  } catch {
    throw unreadable();
  }
  if (tables < 2) throw badRequest(texts.notAGeoPackage, "import_not_geopackage");
  for (const name of GPKG_TABLES) mustBePlainTable(db, name);
  let rows: Record<string, unknown>[];
  try {
    rows = db.all(
      `SELECT c.table_name AS t, g.column_name AS c, g.geometry_type_name AS g, g.srs_id AS s
         FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
        WHERE c.data_type = 'features' ORDER BY c.rowid`,
    );
  } catch {
    throw unreadable();
  }
  return rows.map((r) => ({
    table: String(r.t),
    column: String(r.c),
    type: String(r.g).toUpperCase(),
    srsId: Number(r.s),
  }));
}

const isPointLayer = (l: LayerInfo) => l.type === "POINT" || l.type === "MULTIPOINT";

function chooseLayer(layers: LayerInfo[], wanted: string | undefined): LayerInfo {
  const names = layers.map((l) => l.table);
  if (wanted !== undefined) {
    const layer = layers.find((l) => l.table === wanted);
    if (!layer) throw badRequest(texts.noSuchLayer(wanted, names), "import_no_such_layer");
    if (!isPointLayer(layer)) throw badRequest(texts.notPoints(wanted, layer.type), "import_not_points");
    return layer;
  }
  const first = layers.find(isPointLayer);
  if (!first) throw badRequest(texts.noPointLayer(names), "import_not_points");
  return first;
}

/** The layer's coordinate system to WGS 84: by its EPSG code where the index has it, else its WKT. */
function positionOf(db: sqlite.Database, layer: LayerInfo): Position {
  // 0: "undefined geographic" in the standard: longitude/latitude as they are.
  if (layer.srsId === 0) return (xy) => xy;
  const srs = db.get(
    `SELECT organization AS o, organization_coordsys_id AS c,
            CASE WHEN length(definition) <= ? THEN definition END AS d, length(definition) AS n
       FROM gpkg_spatial_ref_sys WHERE srs_id = ?`,
    [MAX_SRS_DEFINITION_CHARS, layer.srsId],
  );
  if (!srs) throw badRequest(texts.noSrs(layer.table), "import_bad_prj");
  if (Number(srs.n) > MAX_SRS_DEFINITION_CHARS)
    throw badRequest(texts.srsTooLong(layer.table, MAX_SRS_DEFINITION_CHARS / 1024), "import_bad_prj");
  const code = text(srs.o).toUpperCase() === "EPSG" ? Number(srs.c) : null;
  if (code === WGS84_CODE) return (xy) => xy;
  const system = code === null ? null : coordinateSystem(code);
  if (system) return ([x, y]) => system.toWgs84(x, y);
  const definition = typeof srs.d === "string" ? srs.d : "";
  try {
    return projectionOf(definition);
  } catch {
    throw badRequest(
      texts.badSrs(layer.table, code === null ? text(srs.o) : `EPSG:${code}`),
      "import_bad_prj",
    );
  }
}

const fieldValue = (v: unknown): FieldValue | undefined => {
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" || typeof v === "number" || v === null) return v;
  return undefined; // a blob column: nothing a pole's field can hold
};

/** The layer to read, checked, and the statement that reads it; a 400 for whatever is wrong. */
function openLayer(db: sqlite.Database, layerName: string | undefined) {
  try {
    const layer = chooseLayer(featureLayers(db), layerName);
    mustBePlainTable(db, layer.table);
    const toWgs84 = positionOf(db, layer);
    const columns = db.all(`PRAGMA table_info(${quoted(layer.table)})`);
    const pk = columns.filter((c) => Number(c.pk) > 0).map((c) => text(c.name));
    // Each column under a name of ours: the driver puts a row on a plain object, where a column
    // named __proto__ would vanish.
    const names = columns.map((c) => text(c.name));
    const statement = db.prepare(
      `SELECT ${names.map((n, i) => `${quoted(n)} AS c${i}`).join(", ")} FROM ${quoted(layer.table)}`,
    );
    return { layer, toWgs84, names, pk, statement };
  } catch (err) {
    // A schema the driver cannot read (a damaged file, a function it lacks) is the file's fault.
    if (err instanceof AppError) throw err;
    throw unreadable();
  }
}

/** Refuses a layer of more rows than an import reads, before the first is read. */
function mustFit(db: sqlite.Database, layer: LayerInfo, maxRows: number): void {
  let count: number;
  try {
    count = Number(db.get(`SELECT count(*) AS n FROM ${quoted(layer.table)}`)?.n);
  } catch {
    return; // damaged: the rows before the damage are read, and counted as they come
  }
  if (count > maxRows) throw tooManyRows(layer.table, maxRows);
}

const tooManyRows = (table: string, maxRows: number) =>
  new AppError(413, "import_too_many_rows", texts.tooManyRows(table, maxRows));

/**
 * The layer's rows, each a source row or the reason it is rejected; AppError (400, 413) for a
 * file refused whole. `maxRows`: the most rows a layer may have.
 */
export function* readGeoPackage(
  file: string,
  layerName: string | undefined,
  maxRows: number,
): Generator<SourceRow> {
  let db: sqlite.Database;
  try {
    db = new sqlite.Database(file, { readOnly: true, fileMustExist: true });
  } catch {
    throw unreadable();
  }
  try {
    db.exec("PRAGMA trusted_schema = OFF; PRAGMA query_only = ON;");
  } catch {
    db.close();
    throw unreadable();
  }
  // An open statement keeps the file open after close(): it is finalized first.
  let finish = () => {};
  try {
    const { layer, toWgs84, names, pk, statement } = openLayer(db, layerName);
    finish = () => statement.finalize();
    mustFit(db, layer, maxRows);
    const rows = statement.iterate() as IterableIterator<Record<string, unknown>>;
    let row = 0;
    for (;;) {
      let next: IteratorResult<Record<string, unknown>>;
      try {
        next = rows.next();
      } catch {
        if (row === 0) throw unreadable();
        yield { row: row + 1, reason: texts.brokenFrom };
        return;
      }
      if (next.done) break;
      row += 1;
      if (row > maxRows) throw tooManyRows(layer.table, maxRows);
      const fields = newFields();
      let blob: unknown;
      for (const [i, k] of names.entries()) {
        const v = next.value[`c${i}`];
        if (k === layer.column) blob = v;
        if (k === layer.column || pk.includes(k)) continue;
        const value = fieldValue(v);
        if (value !== undefined) fields[k] = value;
      }
      const geometry = blob instanceof Uint8Array ? readGpkgGeometry(blob) : { kind: "empty" as const };
      if (geometry.kind === "empty") yield { row, reason: texts.noGeometry };
      else if (geometry.kind === "invalid") yield { row, reason: texts.badGeometry };
      else if (geometry.kind === "other") yield { row, reason: texts.notAPoint(geometry.type) };
      else {
        const [lon, lat] = toWgs84([geometry.x, geometry.y]);
        yield { row, lon, lat, fields };
      }
    }
  } finally {
    finish();
    db.close();
  }
}
