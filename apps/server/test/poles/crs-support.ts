/**
 * Registers in a projected coordinate system as GDAL writes them (a CSV with X and Y columns, a
 * GeoJSON with its `crs` member), made by ogr2ogr from WGS 84 points, and GDAL's own reading of
 * such a file back to WGS 84, to compare an import with.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { METRES_PER_DEGREE } from "./support";

const run = promisify(execFile);

export interface Place {
  tag: string;
  lon: number;
  lat: number;
}

async function inTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-crs-"));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The places as a CSV (tag,easting,northing, from gdaltransform) or a GeoJSON (from ogr2ogr, with
 * its `crs` member) in EPSG:`epsg`.
 */
export function registerIn(places: Place[], epsg: number, format: "csv" | "geojson"): Promise<string> {
  const target = ["-s_srs", "EPSG:4326", "-t_srs", `EPSG:${epsg}`];
  if (format === "csv") {
    const transform = run("gdaltransform", [...target, "-output_xy"]);
    transform.child.stdin!.end(places.map((p) => `${p.lon} ${p.lat}`).join("\n") + "\n");
    return transform.then(({ stdout }) => {
      const xy = stdout.trim().split("\n");
      return [
        "tag,easting,northing",
        ...places.map((p, i) => `${p.tag},${xy[i]!.trim().replace(" ", ",")}`),
      ].join("\n");
    });
  }
  return inTemp(async (dir) => {
    const src = path.join(dir, "in.csv");
    await writeFile(src, ["tag,lon,lat", ...places.map((p) => `${p.tag},${p.lon},${p.lat}`)].join("\n"));
    const out = path.join(dir, "out.geojson");
    await run("ogr2ogr", [
      ...["-f", "GeoJSON", out, src, "-nln", "poles"],
      ...["-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat", "-oo", "KEEP_GEOM_COLUMNS=NO"],
      ...target,
    ]);
    return readFile(out, "utf8");
  });
}

/** GDAL's reading of a register written by registerIn, in WGS 84: tag → [lon, lat]. */
export function gdalPlaces(
  text: string,
  epsg: number,
  format: "csv" | "geojson",
): Promise<Map<string, [number, number]>> {
  return inTemp(async (dir) => {
    const file = path.join(dir, format === "csv" ? "in.csv" : "in.geojson");
    await writeFile(file, text);
    const { stdout } = await run("ogr2ogr", [
      ...["-f", "CSV", "/vsistdout/", file, "-lco", "GEOMETRY=AS_XY", "-t_srs", "EPSG:4326"],
      ...(format === "csv"
        ? ["-oo", "X_POSSIBLE_NAMES=easting", "-oo", "Y_POSSIBLE_NAMES=northing", "-s_srs", `EPSG:${epsg}`]
        : []),
    ]);
    const [header, ...lines] = stdout.trim().split("\n");
    const tagAt = header!.split(",").indexOf("tag");
    return new Map(
      lines.map((line) => {
        const cells = line.split(",");
        return [cells[tagAt]!, [Number(cells[0]), Number(cells[1])]];
      }),
    );
  });
}

/** Metres between two WGS84 positions (an equirectangular step: fine below a kilometre). */
export const metres = (a: [number, number], b: [number, number]) =>
  Math.hypot((a[0] - b[0]) * Math.cos((a[1] * Math.PI) / 180), a[1] - b[1]) * METRES_PER_DEGREE;

/**
 * A Shapefile of a CSV register (lon and lat columns) as ogr2ogr writes it in EPSG:`epsg`, its
 * column names cut to 10 characters by the format; its parts by extension.
 */
export function shapefileFromCsv(csv: string, epsg: number): Promise<Map<string, Buffer>> {
  return inTemp(async (dir) => {
    const src = path.join(dir, "in.csv");
    await writeFile(src, csv);
    const out = path.join(dir, "out");
    await run("ogr2ogr", [
      ...["-f", "ESRI Shapefile", out, src, "-nln", "poles"],
      ...["-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat", "-oo", "KEEP_GEOM_COLUMNS=NO"],
      ...["-s_srs", "EPSG:4326", "-t_srs", `EPSG:${epsg}`],
    ]);
    const parts = new Map<string, Buffer>();
    for (const ext of [".shp", ".shx", ".dbf", ".prj"])
      parts.set(ext, await readFile(path.join(out, `poles${ext}`)));
    return parts;
  });
}
