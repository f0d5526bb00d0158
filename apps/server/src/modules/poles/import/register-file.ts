/**
 * An uploaded register opened for reading: which reader its first bytes call for (a zip, a JSON
 * object, else CSV), the column mapping it is read with, and the coordinate system its positions
 * are in: the request's `crs` for a CSV or a GeoJSON (else a GeoJSON's own `crs` member), a
 * Shapefile's .prj and a GeoPackage layer's own system always.
 */
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { geopackageImportTexts, poleImportTexts as texts } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import type { TempFiles } from "../../../infra/uploads/temp-files";
import { ColumnMapping, parseMapping } from "./column-mapping";
import { isWgs84, systemFor } from "./coordinate-systems";
import type { RowContext } from "./pole-input";
import { readCsv } from "./read-csv";
import { readGeoJson } from "./read-geojson";
import { readGeoPackageOffThread } from "./geopackage-read-thread";
import { readShapefile } from "./read-shapefile";
import type { SourceRow } from "./source-row";

export interface FileLimits {
  temp: TempFiles;
  unzippedMaxBytes: number;
  zipMaxRatio: number;
  geojsonMaxBytes: number;
  /** A GeoPackage layer's most rows, and the most time its reading may take. */
  gpkgMaxRows: number;
  gpkgMaxMs: number;
}

/** What the request says about the file besides its bytes. */
export interface ReadOptions {
  /** "EPSG:<code>". */
  crs?: string | undefined;
  /** JSON: column → field. */
  mapping?: string | undefined;
  /** A GeoPackage's layer to read; without it, its first point layer. */
  layer?: string | undefined;
  /** Aborts when the request ends: a GeoPackage's reading stops with it. */
  signal?: AbortSignal | undefined;
}

export interface OpenRegister {
  rows: AsyncGenerator<SourceRow>;
  /** Filled in as the reader learns it (a GeoJSON's `crs` member, a Shapefile's .prj). */
  context: RowContext;
  /** The system the positions are read in; null: WGS 84. */
  crs: { code: string; name: string } | null;
}

/** The first 16 bytes of every SQLite database, so of every GeoPackage. */
const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");

/** A .prj of WGS 84 longitude/latitude as GIS write it, without an EPSG code (ESRI's name). */
const WGS84_PRJ = /^(GCS_)?WGS[ _]?(19)?84$/i;

/** A GeoJSON `crs` member's name as a code: "urn:ogc:def:crs:EPSG::2227" → "EPSG:2227". */
function codeOfMember(name: string): string {
  if (/^(urn:ogc:def:crs:OGC:[\d.]*:|OGC:)?CRS84$/i.test(name.trim())) return "EPSG:4326";
  const m = /^(?:urn:ogc:def:crs:)?EPSG:(?:[\d.]*:)?(\d+)$/i.exec(name.trim());
  return m ? `EPSG:${m[1]}` : name;
}

export async function openRegister(
  file: string,
  filename: string,
  limits: FileLimits,
  options: ReadOptions,
): Promise<OpenRegister> {
  const overrides = parseMapping(options.mapping);
  const given = options.crs === undefined || options.crs.trim() === "" ? undefined : options.crs;
  const chosen = given === undefined ? undefined : systemFor(given);
  const handle = await open(file);
  const head = Buffer.alloc(64);
  const { bytesRead } = await handle.read(head, 0, 64, 0).finally(() => handle.close());
  const start = head.subarray(0, bytesRead);
  const nameOf = (c: typeof chosen) => (c ? { code: c.system.code, name: c.system.name } : null);

  if (start.subarray(0, 4).equals(Buffer.from("PK\x03\x04", "latin1"))) {
    const opened: OpenRegister = {
      context: { mapping: new ColumnMapping(overrides, true), toWgs84: null, askCrs: false },
      crs: null,
      rows: readShapefile(
        file,
        () => limits.temp.newDir("unzip"),
        { maxBytes: limits.unzippedMaxBytes, maxRatio: limits.zipMaxRatio },
        (prj) => {
          opened.crs = isWgs84(prj.code) || WGS84_PRJ.test(prj.name) ? null : prj;
        },
      ),
    };
    return opened;
  }
  if (start.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC))
    return {
      // The layer's own system: its reader hands on WGS 84 positions.
      context: { mapping: new ColumnMapping(overrides, true), toWgs84: null, askCrs: false },
      crs: null,
      rows: readGeoPackageOffThread(
        file,
        options.layer,
        { maxRows: limits.gpkgMaxRows, maxMs: limits.gpkgMaxMs },
        options.signal,
      ),
    };
  if (/\.gpkg$/i.test(filename)) throw badRequest(geopackageImportTexts.unreadable, "import_unreadable");
  const text = start
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("{")) {
    const opened: OpenRegister = {
      context: {
        mapping: new ColumnMapping(overrides, true),
        toWgs84: chosen?.toWgs84 ?? null,
        askCrs: false,
      },
      crs: nameOf(chosen),
      rows: readGeoJson(file, limits.geojsonMaxBytes, (member) => {
        if (given !== undefined) return;
        if (member === null) {
          opened.context.askCrs = true;
          return;
        }
        const own = systemFor(codeOfMember(member));
        opened.context.toWgs84 = own?.toWgs84 ?? null;
        opened.crs = nameOf(own);
      }),
    };
    return opened;
  }
  if (/\.(shp|dbf|shx|xlsx?|kml|kmz|gpkg)$/i.test(filename) || start.includes(0))
    throw badRequest(texts.unknownFormat, "import_unknown_format");
  const mapping = new ColumnMapping(overrides, false);
  return {
    context: { mapping, toWgs84: chosen?.toWgs84 ?? null, askCrs: given === undefined },
    crs: nameOf(chosen),
    rows: readCsv(createReadStream(file), (header) => {
      mapping.see(header);
      const columns = mapping.coordinates();
      if (!columns) throw badRequest(texts.csvNoCoordinates, "import_no_coordinates");
      return columns;
    }),
  };
}
