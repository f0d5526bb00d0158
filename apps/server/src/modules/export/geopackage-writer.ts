/**
 * A GeoPackage (OGC 12-128, version 1.4) of one point layer, written with node-sqlite3-wasm to a
 * file on disk batch by batch inside one transaction: the required metadata tables, the layer's
 * coordinate system, its table of typed columns, and its extent once the last row is in. Geometry
 * blobs are made by hand (formats/geopackage-geometry).
 */
import sqlite from "node-sqlite3-wasm";
import { coordinateSystem, WGS84_CODE, type CoordinateSystem } from "../../formats/coordinate-systems";
import { gpkgPoint } from "../../formats/geopackage-geometry";
import type { FieldType, TableField, Value } from "./export-tables";

const APPLICATION_ID = 0x47504b47; // "GPKG"
const USER_VERSION = 10400;

const SQL_TYPES: Record<FieldType, string> = { text: "TEXT", integer: "INTEGER", real: "REAL", date: "DATE" };

/**
 * Rows per INSERT statement, and the values one statement binds at most: well within SQLite's
 * limit (32,766), since preparing a statement costs in proportion to its values and holds the
 * event loop meanwhile (16 rows of 2,000 columns took 150 ms to prepare; 2 rows take 20 ms).
 */
const ROWS_PER_INSERT = 100;
const MAX_VARIABLES = 4000;
/** SQLite's columns of a table (SQLITE_MAX_COLUMN as built), `fid` and `geom` included. */
export const MAX_GPKG_COLUMNS = 2000;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

const METADATA = `
CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY,
  organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL,
  description TEXT);
CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
  identifier TEXT UNIQUE, description TEXT DEFAULT '',
  last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
  CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
  geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
  CONSTRAINT uk_gc_table_name UNIQUE (table_name),
  CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
  CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
INSERT INTO gpkg_spatial_ref_sys VALUES
  ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
  ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');
`;

/** The feature id and geometry columns' names; a field of the same name is renamed. */
const FID = "fid";
const GEOM = "geom";

export function gpkgColumnNames(fields: TableField[]): string[] {
  const taken = new Set([FID, GEOM]);
  return fields.map((f) => {
    let name = f.name;
    for (let n = 1; taken.has(name.toLowerCase()); n++) name = `${f.name}_${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

export class GeopackageWriter {
  private db: sqlite.Database | null = null;
  private insert: sqlite.Statement | null = null;
  private insertRow: (rows: number) => sqlite.Statement = () => {
    throw new Error("not open");
  };
  private rowsPerInsert = 1;
  private extent: [number, number, number, number] | null = null;

  constructor(
    private readonly file: string,
    private readonly table: string,
    private readonly fields: TableField[],
    private readonly system: CoordinateSystem,
  ) {}

  open(): void {
    const db = new sqlite.Database(this.file);
    this.db = db;
    // A file written once, then sent: no journal, no waiting for the disk.
    db.exec(
      `PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${USER_VERSION};
       PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16000;`,
    );
    db.exec("BEGIN");
    db.exec(METADATA);
    const s = this.system;
    // WGS 84 is in every GeoPackage, whatever its layers use.
    for (const srs of s.epsg === WGS84_CODE ? [s] : [coordinateSystem(WGS84_CODE)!, s])
      db.run(`INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, 'EPSG', ?, ?, NULL)`, [
        srs.name,
        srs.epsg,
        srs.epsg,
        srs.wkt,
      ]);
    const names = gpkgColumnNames(this.fields);
    const columns = this.fields.map((f, i) => `${q(names[i]!)} ${SQL_TYPES[f.type]}`);
    db.exec(
      `CREATE TABLE ${q(this.table)} (${FID} INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, ${GEOM} POINT` +
        columns.map((c) => `, ${c}`).join("") +
        ")",
    );
    db.run(
      `INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES (?, 'features', ?, ?)`,
      [this.table, this.table, s.epsg],
    );
    db.run(`INSERT INTO gpkg_geometry_columns VALUES (?, '${GEOM}', 'POINT', ?, 0, 0)`, [this.table, s.epsg]);
    this.insertRow = (rows) =>
      db.prepare(
        `INSERT INTO ${q(this.table)} (${[GEOM, ...names].map(q).join(", ")}) VALUES ` +
          Array<string>(rows)
            .fill(`(${["?", ...names.map(() => "?")].join(", ")})`)
            .join(", "),
      );
    this.rowsPerInsert = Math.max(
      1,
      Math.min(ROWS_PER_INSERT, Math.floor(MAX_VARIABLES / (names.length + 1))),
    );
    this.insert = this.insertRow(this.rowsPerInsert);
  }

  /** Rows one INSERT statement takes: a batch of a multiple of this needs no statement of its own. */
  get rowsPerStatement(): number {
    return this.rowsPerInsert;
  }

  /** Rows go in several to a statement: each statement's run costs as much as a few rows' values. */
  add(batch: { xy: [number, number] | null; values: Value[] }[]): void {
    const values: (Value | Uint8Array)[] = [];
    for (const { xy, values: row } of batch) {
      if (xy) this.grow(xy);
      values.push(xy ? gpkgPoint(this.system.epsg, xy[0], xy[1]) : null, ...row);
    }
    const width = this.fields.length + 1;
    const full = this.rowsPerInsert * width;
    let at = 0;
    for (; at + full <= values.length; at += full) this.insert!.run(values.slice(at, at + full));
    if (at < values.length) {
      const last = this.insertRow((values.length - at) / width);
      try {
        last.run(values.slice(at));
      } finally {
        last.finalize();
      }
    }
  }

  private grow([x, y]: [number, number]) {
    const e = this.extent;
    if (!e) this.extent = [x, y, x, y];
    else {
      if (x < e[0]) e[0] = x;
      if (y < e[1]) e[1] = y;
      if (x > e[2]) e[2] = x;
      if (y > e[3]) e[3] = y;
    }
  }

  /** Writes the extent and `note` (what a reader should know of the rows) as the layer's description. */
  finish(note: string | null = null): void {
    const db = this.db!;
    if (this.extent)
      db.run(`UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ? WHERE table_name = ?`, [
        ...this.extent,
        this.table,
      ]);
    if (note !== null)
      db.run(`UPDATE gpkg_contents SET description = ? WHERE table_name = ?`, [note, this.table]);
    this.insert?.finalize();
    this.insert = null;
    db.exec("COMMIT");
    db.close();
    this.db = null;
  }

  /** Closes the file of a failed or abandoned export; the caller removes it. */
  abort(): void {
    try {
      this.insert?.finalize();
      this.db?.close();
    } catch {
      // Closing is all that is wanted; the file goes anyway.
    }
    this.insert = null;
    this.db = null;
  }
}
