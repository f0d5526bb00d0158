/**
 * The system a register names (the request's `crs`, a GeoJSON's `crs` member): a 400 that names
 * the value when it is not a code, not known, or cannot place points.
 */
import { CRS_CODE, poleImportTexts as texts } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import { crsEntry, convertible, type CoordinateSystem } from "../../../formats/coordinate-systems";

/** From the system's coordinates to WGS 84 longitude/latitude. */
export type ToWgs84 = (xy: [number, number]) => [number, number];

/** WGS 84 itself (and its URN spellings): the file's positions are taken as they are. */
export const isWgs84 = (code: string) => code === "EPSG:4326";

/** The system named `value` ("EPSG:2227", any case), with its conversion to WGS 84; null for WGS 84 itself. */
export function systemFor(value: string): { system: CoordinateSystem; toWgs84: ToWgs84 } | null {
  const m = CRS_CODE.exec(value.trim());
  if (!m) throw badRequest(texts.badCrs(value.slice(0, 100)), "import_bad_crs");
  const code = `EPSG:${Number(m[1])}`;
  if (isWgs84(code)) return null;
  const entry = crsEntry(Number(m[1]));
  if (!entry) throw badRequest(texts.unknownCrs(code), "import_unknown_crs");
  const system = convertible(entry);
  if (!system) throw badRequest(texts.crsNotForPoints(code), "import_unknown_crs");
  return { system, toWgs84: ([x, y]) => system.toWgs84(x, y) };
}
