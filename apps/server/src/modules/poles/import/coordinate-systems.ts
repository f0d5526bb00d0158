/**
 * The EPSG registry as the maintained index (epsg-index) holds it, read once on first use and
 * kept small: of its 8,000 entries only the systems that can place a point (projected and
 * geographic), and of each only what the import and the dialog's list use. Reading the index
 * costs ~8 MB of JSON once; a server that never imports in another system never reads it.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import proj4 from "proj4";
import { CRS_CODE, poleImportTexts as texts, type CrsSystem } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import { withoutGrid } from "./datum-shifts";

export interface CoordinateSystem extends CrsSystem {
  /** What proj4 builds it from (a grid shift already replaced by its Helmert shift). */
  proj4: string;
  projected: boolean;
  /** Area of use in degrees. */
  west: number;
  south: number;
  east: number;
  north: number;
  /** For search: code, name and area in lower case. */
  words: string;
}

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

let loading: Promise<Map<string, CoordinateSystem>> | null = null;

async function load(): Promise<Map<string, CoordinateSystem>> {
  const file = createRequire(import.meta.url).resolve("epsg-index/all.json");
  const all = JSON.parse(await readFile(file, "utf8")) as Record<string, IndexEntry>;
  const systems = new Map<string, CoordinateSystem>();
  for (const e of Object.values(all)) {
    if (!FOR_POINTS.has(e.kind) || !e.proj4 || !e.bbox) continue;
    const code = `EPSG:${e.code}`;
    const [north, west, south, east] = e.bbox;
    const area = e.area ?? "";
    systems.set(code, {
      code,
      name: e.name,
      area,
      unit: e.unit ?? "",
      proj4: withoutGrid(e.proj4, e.wkt ?? ""),
      projected: e.kind === "CRS-PROJCRS",
      west,
      south,
      east,
      north,
      words: `${code} ${e.name} ${area}`.toLowerCase(),
    });
  }
  return systems;
}

/** Every usable system by code ("EPSG:2227"), read on the first call. */
export function coordinateSystems(): Promise<Map<string, CoordinateSystem>> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Systems whose code, name or area holds every word of `q`; a code typed alone comes first. */
export async function searchSystems(q: string, limit: number): Promise<CrsSystem[]> {
  const systems = await coordinateSystems();
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const exact = /^(?:epsg:)?(\d+)$/.exec(q.trim().toLowerCase());
  const found: CrsSystem[] = [];
  const first = exact ? systems.get(`EPSG:${exact[1]}`) : undefined;
  if (first) found.push(first);
  for (const s of systems.values()) {
    if (found.length >= limit) break;
    if (s === first || !words.every((w) => s.words.includes(w))) continue;
    found.push(s);
  }
  return found.map(({ code, name, area, unit }) => ({ code, name, area, unit }));
}

/** From the system's coordinates to WGS 84 longitude/latitude. */
export type ToWgs84 = (xy: [number, number]) => [number, number];

/** WGS 84 itself (and its URN spellings): the file's positions are taken as they are. */
export const isWgs84 = (code: string) => code === "EPSG:4326";

/**
 * The system named `value` ("EPSG:2227", any case), with its conversion to WGS 84; null for
 * WGS 84 itself. A 400 names the value when it is not a code, not known, or cannot place points.
 */
export async function systemFor(
  value: string,
): Promise<{ system: CoordinateSystem; toWgs84: ToWgs84 } | null> {
  const m = CRS_CODE.exec(value.trim());
  if (!m) throw badRequest(texts.badCrs(value.slice(0, 100)), "import_bad_crs");
  const code = `EPSG:${Number(m[1])}`;
  if (isWgs84(code)) return null;
  const system = (await coordinateSystems()).get(code);
  if (!system) throw badRequest(texts.unknownCrs(code), "import_unknown_crs");
  const converter = converterOf(system);
  if (!converter) throw badRequest(texts.crsNotForPoints(code), "import_unknown_crs");
  return { system, toWgs84: converter };
}

/** proj4's conversion of the system, or null when proj4 cannot build or run it. */
export function converterOf(system: CoordinateSystem): ToWgs84 | null {
  let c: proj4.Converter;
  try {
    c = proj4(system.proj4, "WGS84");
  } catch {
    return null;
  }
  return (xy) => c.forward<[number, number]>(xy);
}
