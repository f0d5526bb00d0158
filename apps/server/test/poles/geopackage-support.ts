/**
 * Test GeoPackages made by GDAL's ogr2ogr from WGS 84 points in any coordinate system, or by hand
 * (SQLite statements of the test's own, for what GDAL would never write), GDAL's own reprojection
 * of a GeoPackage back to WGS 84, and the import of one with its `layer`.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Database } from "node-sqlite3-wasm";
import { gpkgPoint } from "../../src/formats/geopackage-geometry";
import type { TestApp } from "../helpers/app";
import { multipartBody } from "../helpers/multipart";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import type { Point } from "./shapefile-support";

const run = promisify(execFile);

/** A layer for geopackageOf: points, or a WKT geometry per row (lines, polygons). */
export type Layer = { name: string; epsg: number } & (
  { points: (Point & { height_m?: number; installed_year?: number })[] } | { wkt: string[]; type: string }
);

async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-gpkg-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A GeoPackage of these layers, in order, as ogr2ogr writes it. */
export function geopackageOf(layers: Layer[]): Promise<Buffer> {
  return inTempDir(async (dir) => {
    const out = path.join(dir, "out.gpkg");
    for (const [i, layer] of layers.entries()) {
      const csv = path.join(dir, `in${i}.csv`);
      const lines =
        "points" in layer
          ? [
              "tag,lon,lat,material,height_m,installed_year",
              ...layer.points.map(
                (p) =>
                  `${p.tag},${p.lon},${p.lat},${p.material ?? ""},${p.height_m ?? ""},${p.installed_year ?? ""}`,
              ),
            ]
          : ["id,wkt", ...layer.wkt.map((w, n) => `${n + 1},"${w}"`)];
      await writeFile(csv, lines.join("\n"));
      const source =
        "points" in layer
          ? [
              ...["-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat", "-oo", "AUTODETECT_TYPE=YES"],
              ...["-select", "tag,material,height_m,installed_year"],
            ]
          : ["-oo", "GEOM_POSSIBLE_NAMES=wkt", "-oo", "KEEP_GEOM_COLUMNS=NO", "-nlt", layer.type];
      await run("ogr2ogr", [
        ...["-f", "GPKG", ...(i > 0 ? ["-update"] : []), out, csv, "-nln", layer.name],
        ...source,
        ...["-s_srs", "EPSG:4326", "-t_srs", `EPSG:${layer.epsg}`],
      ]);
    }
    return readFile(out);
  });
}

/** A point layer written by hand: its columns besides the geometry, and rows of [lon, lat, ...values]. */
export interface HandmadeLayer {
  /** The table's name (default "poles"). */
  table?: string;
  columns: string[];
  rows: unknown[][];
  /** SQL run after the layer is written: a view, a trigger, a changed table. */
  then?: string;
  /** The layer's gpkg_spatial_ref_sys definition (default: a short WKT of WGS 84). */
  definition?: string;
}

/**
 * A GeoPackage with one point layer in WGS 84 (srs_id 4326, `geom` as GeoPackage blobs), written
 * with SQLite statements: the minimum of the standard's tables that a reader needs.
 */
export function handmadeGeopackage(layer: HandmadeLayer): Promise<Buffer> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, "hand.gpkg");
    const db = new Database(file);
    const table = layer.table ?? "poles";
    const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
    try {
      db.exec(`
        CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
          organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL,
          description TEXT);
        CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT,
          description TEXT DEFAULT '', last_change DATETIME, min_x DOUBLE, min_y DOUBLE, max_x DOUBLE,
          max_y DOUBLE, srs_id INTEGER);
        CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
          geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL);
        CREATE TABLE ${q(table)} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom BLOB${layer.columns
          .map((c) => `, ${q(c)}`)
          .join("")});
      `);
      db.run(`INSERT INTO gpkg_spatial_ref_sys VALUES ('WGS 84', 4326, 'EPSG', 4326, ?, NULL)`, [
        layer.definition ?? 'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]]]',
      ]);
      db.run(
        `INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES (?, 'features', ?, 4326)`,
        [table, table],
      );
      db.run(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', 'POINT', 4326, 0, 0)`, [table]);
      const marks = layer.columns.map(() => ", ?").join("");
      for (const [lon, lat, ...values] of layer.rows)
        db.run(
          `INSERT INTO ${q(table)} (geom${layer.columns.map((c) => `, ${q(c)}`).join("")}) VALUES (?${marks})`,
          [gpkgPoint(4326, Number(lon), Number(lat)), ...(values as (string | number | null)[])],
        );
      if (layer.then) db.exec(layer.then);
    } finally {
      db.close();
    }
    return readFile(file);
  });
}

/** GDAL's own reading of a file's layer in WGS 84: tag → [lon, lat]. */
export function gdalWgs84Of(
  bytes: Buffer,
  name: string,
  layer?: string,
): Promise<Map<string, [number, number]>> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    const { stdout } = await run("ogr2ogr", [
      ...["-f", "CSV", "/vsistdout/", name.endsWith(".zip") ? `/vsizip/${file}` : file],
      ...(layer ? [layer] : []),
      ...["-t_srs", "EPSG:4326", "-lco", "GEOMETRY=AS_XY", "-select", "tag"],
    ]);
    const [, ...lines] = stdout.trim().split("\n");
    return new Map(
      lines.map((line) => {
        const [x, y, tag] = line.split(",");
        return [tag!.replace(/^"|"$/g, ""), [Number(x), Number(y)]];
      }),
    );
  });
}

/** POST /api/poles/import of a GeoPackage, with `layer` when given. */
export function importGeopackage(
  t: TestApp,
  who: SignedInUser,
  bytes: Uint8Array,
  opts: { layer?: string; filename?: string } = {},
) {
  const body = multipartBody(bytes, {
    filename: opts.filename ?? "poles.gpkg",
    contentType: "application/geopackage+sqlite3",
  });
  const query = opts.layer === undefined ? "" : `?layer=${encodeURIComponent(opts.layer)}`;
  return t.app.inject({
    method: "POST",
    url: `/api/poles/import${query}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, "content-type": body.contentType },
    payload: body.payload,
  });
}

/** A point layer of `count` rows tagged R-1 … R-count at one spot, the rows made by SQLite itself. */
export const manyRows = (count: number): HandmadeLayer => ({
  columns: ["tag"],
  rows: [[16.37, 48.2, "R-1"]],
  then: `INSERT INTO poles (geom, tag)
    WITH RECURSIVE n(x) AS (SELECT 2 UNION ALL SELECT x + 1 FROM n WHERE x < ${count})
    SELECT (SELECT geom FROM poles WHERE fid = 1), 'R-' || x FROM n`,
});
