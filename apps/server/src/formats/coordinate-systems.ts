/**
 * Coordinate systems by EPSG code, from the maintained EPSG index (epsg-index: each system's name,
 * proj4 definition and ESRI-style WKT, the form a Shapefile's .prj and a GeoPackage's
 * gpkg_spatial_ref_sys hold), and the proj4 conversion between one and WGS 84.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import proj4 from "proj4";

export interface CoordinateSystem {
  code: number;
  name: string;
  /** WKT 1, as written in a .prj. */
  wkt: string;
  /** Metres or feet east/north, or degrees of longitude/latitude. */
  projected: boolean;
  /** WGS 84 longitude/latitude to this system's x/y. */
  fromWgs84: (lon: number, lat: number) => [number, number];
  /** This system's x/y to WGS 84 longitude/latitude. */
  toWgs84: (x: number, y: number) => [number, number];
}

export const WGS84_CODE = 4326;

interface IndexEntry {
  code: string;
  kind: string;
  name: string;
  wkt: string | null;
  proj4: string | null;
}

let indexDir: string | null = null;
const known = new Map<number, CoordinateSystem | null>();

/** The system with this EPSG code; null when the index has none proj4 can use. */
export function coordinateSystem(code: number): CoordinateSystem | null {
  if (!Number.isInteger(code) || code <= 0 || code > 999_999) return null;
  if (known.has(code)) return known.get(code)!;
  indexDir ??= path.join(
    path.dirname(createRequire(import.meta.url).resolve("epsg-index/package.json")),
    "s",
  );
  let entry: IndexEntry;
  try {
    entry = JSON.parse(readFileSync(path.join(indexDir, `${code}.json`), "utf8")) as IndexEntry;
  } catch {
    known.set(code, null);
    return null;
  }
  const system = fromEntry(code, entry);
  known.set(code, system);
  return system;
}

function fromEntry(code: number, e: IndexEntry): CoordinateSystem | null {
  const projected = e.kind === "CRS-PROJCRS";
  if (!e.proj4 || !e.wkt || !(projected || e.kind === "CRS-GEOGCRS")) return null;
  if (code === WGS84_CODE)
    return {
      code,
      name: e.name,
      wkt: e.wkt,
      projected,
      fromWgs84: (x, y) => [x, y],
      toWgs84: (x, y) => [x, y],
    };
  let converter: proj4.Converter;
  try {
    converter = proj4("WGS84", e.proj4);
  } catch {
    return null;
  }
  return {
    code,
    name: e.name,
    wkt: e.wkt,
    projected,
    fromWgs84: (lon, lat) => converter.forward<[number, number]>([lon, lat]),
    toWgs84: (x, y) => converter.inverse<[number, number]>([x, y]),
  };
}

/** "EPSG:2227" → 2227; null when it is not that form. */
export function epsgCode(text: string): number | null {
  const m = /^EPSG:(\d{1,6})$/i.exec(text.trim());
  return m ? Number(m[1]) : null;
}
