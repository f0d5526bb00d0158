/**
 * A coordinate system written as WKT (a Shapefile's .prj, a GeoPackage's gpkg_spatial_ref_sys
 * definition) as a function to WGS84, through proj4. Its own module: the GeoPackage reader's
 * thread loads it without the Shapefile reader.
 */
import proj4, { type Converter } from "proj4";
// The texts alone: this runs on the GeoPackage reader's thread, which loads what it imports.
import { poleImportTexts } from "@poleatlas/shared/messages";
import { badRequest } from "../../../errors";

/** The .prj's coordinate system to WGS84 longitude/latitude, or a 400 saying why not. */
export function projectionOf(prj: string): (xy: [number, number]) => [number, number] {
  const bad = (detail: string) => badRequest(poleImportTexts.shapefileBadPrj(detail), "import_bad_prj");
  const text = prj.trim();
  if (!/^(PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS)\s*\[/i.test(text)) throw bad("it is not WKT");
  // proj4 takes a unit of 0 as if none were given, and places every pole as if in metres or
  // degrees: a unit must say how long it is.
  for (const [, name, size] of text.matchAll(
    /\b(?:UNIT|LENGTHUNIT|ANGLEUNIT)\s*\[\s*"([^"]*)"\s*,\s*([^,\]\s]*)/gi,
  )) {
    const factor = Number(size);
    if (!(factor > 0) || !Number.isFinite(factor)) throw bad(`its unit "${name}" is ${size || "empty"}`);
  }
  let converter: Converter;
  try {
    converter = proj4(text, "WGS84");
  } catch (err) {
    throw bad(err instanceof Error && err.message ? err.message : "unknown coordinate system");
  }
  // proj4 falls back to plain longitude/latitude for a projection it does not know.
  const projected = /^PROJ/i.test(text);
  const to = (xy: [number, number]) => converter.forward<[number, number]>(xy);
  if (projected) {
    const probe = to([500000, 4000000]);
    const back = converter.inverse<[number, number]>(probe);
    const roundTrip = Math.hypot(back[0] - 500000, back[1] - 4000000);
    if (!probe.every(Number.isFinite) || roundTrip > 0.01 || (probe[0] === 500000 && probe[1] === 4000000))
      throw bad("its projection is not supported");
  }
  return to;
}
