/**
 * Coordinate systems by EPSG code, from the maintained EPSG index (epsg-index): each system's
 * name, area of use, unit, proj4 definition and ESRI-style WKT (the form a Shapefile's .prj and a
 * GeoPackage's gpkg_spatial_ref_sys hold), and the proj4 conversion between one and WGS 84. The
 * import, the export and the dialog's list all read systems here, so a register lands where it
 * was exported from. Of the index's 8,000 entries only the systems that can place a point
 * (projected and geographic) are kept. One system is read from its own small file; the whole
 * index (~8 MB of JSON) is read once, on the first search or suggestion, and kept.
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import proj4, { type Converter } from "proj4";
import type { CrsSystem } from "@poleatlas/shared";
import { withoutGrid } from "./datum-shifts";

/** A system as the index holds it. */
export interface CrsEntry extends CrsSystem {
  /** The EPSG code as a number (`code` is "EPSG:2227"). */
  epsg: number;
  /** WKT 1, as written in a .prj; "" when the index has none. */
  wkt: string;
  /** What proj4 builds it from (a grid shift already replaced by its Helmert shift). */
  proj4: string;
  /** Metres or feet east/north, or degrees of longitude/latitude. */
  projected: boolean;
  /** A file can name it: it has a WKT 1 and two dimensions (a .prj or a GeoPackage cannot say a third). */
  writable: boolean;
  /** Area of use in degrees. */
  west: number;
  south: number;
  east: number;
  north: number;
  /** For search: code, name and area in lower case. */
  words: string;
}

/** A system proj4 can convert to and from WGS 84. */
export interface CoordinateSystem extends CrsEntry {
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
  bbox: [number, number, number, number] | null;
  unit: string | null;
  area: string | null;
}

const FOR_POINTS = new Set(["CRS-PROJCRS", "CRS-GEOGCRS", "CRS-GEOG3DCRS"]);

function entryOf(e: IndexEntry): CrsEntry | null {
  if (!FOR_POINTS.has(e.kind) || !e.proj4 || !e.bbox) return null;
  const epsg = Number(e.code);
  const code = `EPSG:${epsg}`;
  const [north, west, south, east] = e.bbox;
  const area = e.area ?? "";
  const wkt = e.wkt ?? "";
  return {
    code,
    epsg,
    name: e.name,
    area,
    unit: e.unit ?? "",
    wkt,
    proj4: withoutGrid(e.proj4, wkt),
    projected: e.kind === "CRS-PROJCRS",
    writable: wkt !== "" && e.kind !== "CRS-GEOG3DCRS",
    west,
    south,
    east,
    north,
    words: `${code} ${e.name} ${area}`.toLowerCase(),
  };
}

const indexFile = (name: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve("epsg-index/package.json")), name);

let loading: Promise<Map<string, CrsEntry>> | null = null;
let loaded: Map<string, CrsEntry> | null = null;

async function load(): Promise<Map<string, CrsEntry>> {
  const all = JSON.parse(await readFile(indexFile("all.json"), "utf8")) as Record<string, IndexEntry>;
  const entries = new Map<string, CrsEntry>();
  for (const e of Object.values(all)) {
    const entry = entryOf(e);
    if (entry) entries.set(entry.code, entry);
  }
  loaded = entries;
  return entries;
}

/** Every system that can place a point, by code ("EPSG:2227"), read on the first call. */
export function crsEntries(): Promise<Map<string, CrsEntry>> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

const single = new Map<number, CrsEntry | null>();

/** The system with this EPSG code as the index holds it; null when it has none that places points. */
export function crsEntry(epsg: number): CrsEntry | null {
  if (!Number.isInteger(epsg) || epsg <= 0 || epsg > 999_999) return null;
  if (loaded) return loaded.get(`EPSG:${epsg}`) ?? null;
  if (single.has(epsg)) return single.get(epsg)!;
  let entry: CrsEntry | null = null;
  try {
    entry = entryOf(JSON.parse(readFileSync(indexFile(`s/${epsg}.json`), "utf8")) as IndexEntry);
  } catch {
    // Not in the index.
  }
  single.set(epsg, entry);
  return entry;
}

/** The system with its conversion; null when proj4 cannot build it. */
export function convertible(entry: CrsEntry): CoordinateSystem | null {
  if (entry.epsg === WGS84_CODE) return { ...entry, fromWgs84: (x, y) => [x, y], toWgs84: (x, y) => [x, y] };
  let converter: Converter;
  try {
    converter = proj4("WGS84", entry.proj4);
  } catch {
    return null;
  }
  return {
    ...entry,
    fromWgs84: (lon, lat) => converter.forward<[number, number]>([lon, lat]),
    toWgs84: (x, y) => converter.inverse<[number, number]>([x, y]),
  };
}

const systems = new Map<number, CoordinateSystem | null>();

/** The system with this EPSG code and its conversion; null when unknown or proj4 cannot use it. */
export function coordinateSystem(epsg: number): CoordinateSystem | null {
  if (systems.has(epsg)) return systems.get(epsg)!;
  const entry = crsEntry(epsg);
  const system = entry && convertible(entry);
  if (entry) systems.set(epsg, system);
  return system;
}

/** "EPSG:2227" → 2227; null when it is not that form. */
export function epsgCode(text: string): number | null {
  const m = /^EPSG:(\d{1,6})$/i.exec(text.trim());
  return m ? Number(m[1]) : null;
}

/** Systems whose code, name or area holds every word of `q`; a code typed alone comes first. */
export async function searchSystems(q: string, limit: number): Promise<CrsSystem[]> {
  const entries = await crsEntries();
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const exact = /^(?:epsg:)?(\d+)$/.exec(q.trim().toLowerCase());
  const found: CrsSystem[] = [];
  const first = exact ? entries.get(`EPSG:${exact[1]}`) : undefined;
  if (first) found.push(first);
  for (const s of entries.values()) {
    if (found.length >= limit) break;
    if (s === first || !words.every((w) => s.words.includes(w))) continue;
    found.push(s);
  }
  return found.map(({ code, name, area, unit }) => ({ code, name, area, unit }));
}
