/**
 * Test Shapefiles made by GDAL's ogr2ogr (gdal-bin) from WGS84 points, in any coordinate system,
 * and GDAL's own reprojection of them back to WGS84 to compare an import with.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { crc32, deflateRawSync } from "node:zlib";

const run = promisify(execFile);

export interface Point {
  tag: string;
  lon: number;
  lat: number;
  material?: string;
}

/** A zip of these files, stored (not deflated, what a GIS export hands over) or deflated. */
export function zipOf(files: { name: string; bytes: Buffer }[], opts: { deflate?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, bytes } of files) {
    const n = Buffer.from(name);
    const crc = crc32(bytes);
    const data = opts.deflate ? deflateRawSync(bytes, { level: 9 }) : bytes;
    const method = opts.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(bytes.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A Shapefile of the points in `epsg`, made by ogr2ogr; its parts by extension. */
export async function shapefileOf(points: Point[], epsg: number): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-shp-"));
  const csv = path.join(dir, "in.csv");
  await writeFile(
    csv,
    ["tag,lon,lat,material", ...points.map((p) => `${p.tag},${p.lon},${p.lat},${p.material ?? ""}`)].join(
      "\n",
    ),
  );
  const out = path.join(dir, "out");
  try {
    await run("ogr2ogr", [
      ...["-f", "ESRI Shapefile", out, csv, "-nln", "poles", "-select", "tag,material"],
      ...["-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat"],
      ...["-s_srs", "EPSG:4326", "-t_srs", `EPSG:${epsg}`],
    ]);
    const parts = new Map<string, Buffer>();
    for (const name of await readdir(out))
      parts.set(path.extname(name), await readFile(path.join(out, name)));
    return parts;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A dBASE III .dbf of text fields (20 characters each) written byte by byte: field names GDAL
 * would change (it renames what a reader would stumble on).
 */
export function dbfOf(fields: string[], records: string[][]): Buffer {
  const width = 20;
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + width * fields.length;
  const header = Buffer.alloc(headerLength);
  header.writeUInt8(0x03, 0);
  header.writeUInt8(126, 1);
  header.writeUInt8(1, 2);
  header.writeUInt8(1, 3);
  header.writeUInt32LE(records.length, 4);
  header.writeUInt16LE(headerLength, 8);
  header.writeUInt16LE(recordLength, 10);
  fields.forEach((name, i) => {
    const at = 32 + 32 * i;
    header.write(name.slice(0, 10), at, "latin1");
    header.write("C", at + 11, "latin1");
    header.writeUInt8(width, at + 16);
  });
  header.writeUInt8(0x0d, headerLength - 1);
  const body = records.map((r) =>
    Buffer.from(` ${r.map((v) => v.padEnd(width).slice(0, width)).join("")}`, "latin1"),
  );
  return Buffer.concat([header, ...body, Buffer.from([0x1a])]);
}

export const zipShapefile = (parts: Map<string, Buffer>, opts: { deflate?: boolean } = {}) =>
  zipOf(
    [...parts].map(([ext, bytes]) => ({ name: `poles${ext}`, bytes })),
    opts,
  );

/** GDAL's own reprojection of the Shapefile to WGS84: tag → [lon, lat]. */
export async function gdalWgs84(parts: Map<string, Buffer>): Promise<Map<string, [number, number]>> {
  const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-shp-"));
  let stdout: string;
  try {
    for (const [ext, bytes] of parts) await writeFile(path.join(dir, `poles${ext}`), bytes);
    ({ stdout } = await run("ogr2ogr", [
      ...["-f", "CSV", "/vsistdout/", path.join(dir, "poles.shp"), "-t_srs", "EPSG:4326"],
      ...["-lco", "GEOMETRY=AS_XY"],
    ]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const [, ...lines] = stdout.trim().split("\n");
  return new Map(
    lines.map((line) => {
      const [x, y, tag] = line.split(",");
      return [tag!, [Number(x), Number(y)]];
    }),
  );
}
