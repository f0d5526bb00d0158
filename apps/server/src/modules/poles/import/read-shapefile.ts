/**
 * A zipped ESRI Shapefile register: the .shp, .dbf and .prj are unpacked to a private temp folder
 * (yauzl reads the zip's directory, so the zip stays on disk), records are read one by one
 * (shapefile) and every position is reprojected from the .prj's coordinate system to WGS84
 * (proj4). A .prj that cannot be read is refused: a guessed system would put every pole in the
 * wrong place without anyone noticing.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import proj4 from "proj4";
import * as shapefile from "shapefile";
import yauzl from "yauzl";
import { poleImportTexts } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import type { FieldValue, SourceRow } from "./source-row";

const WANTED = new Set([".shp", ".dbf", ".prj", ".cpg"]);

/** Unpacks the first Shapefile's parts into `dir`; answers their paths by extension. */
async function unpack(zipFile: string, dir: string): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipFile, { lazyEntries: true, autoClose: true }, (err, z) => (err ? reject(err) : resolve(z))),
  ).catch(() => {
    throw badRequest(poleImportTexts.zipUnreadable, "import_unreadable");
  });
  const found = new Map<string, string>();
  let stem: string | null = null;
  await new Promise<void>((resolve, reject) => {
    zip.on("error", () => reject(badRequest(poleImportTexts.zipUnreadable, "import_unreadable")));
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = path.posix.basename(entry.fileName);
      const ext = path.extname(name).toLowerCase();
      const base = name.slice(0, name.length - ext.length).toLowerCase();
      const wanted =
        WANTED.has(ext) && !entry.fileName.startsWith("__MACOSX/") && (stem === null || stem === base);
      if (!wanted || found.has(ext)) return zip.readEntry();
      if (ext === ".shp") stem = base;
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(badRequest(poleImportTexts.zipUnreadable, "import_unreadable"));
        const target = path.join(dir, `part${ext}`);
        pipeline(stream, createWriteStream(target, { mode: 0o600 })).then(() => {
          found.set(ext, target);
          zip.readEntry();
        }, reject);
      });
    });
    zip.readEntry();
  });
  // Parts of another Shapefile read before the first .shp are not its own.
  return found;
}

/** The .prj's coordinate system to WGS84 longitude/latitude, or a 400 saying why not. */
export function projectionOf(prj: string): (xy: [number, number]) => [number, number] {
  const bad = (detail: string) => badRequest(poleImportTexts.shapefileBadPrj(detail), "import_bad_prj");
  const text = prj.trim();
  if (!/^(PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS)\s*\[/i.test(text)) throw bad("it is not WKT");
  let converter: proj4.Converter;
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

export async function* readShapefile(zipFile: string): AsyncGenerator<SourceRow> {
  const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-import-"));
  try {
    const parts = await unpack(zipFile, dir);
    const shp = parts.get(".shp");
    const dbf = parts.get(".dbf");
    if (!shp || !dbf) throw badRequest(poleImportTexts.zipNoShapefile, "import_no_shapefile");
    const prj = parts.get(".prj");
    if (!prj) throw badRequest(poleImportTexts.shapefileNoPrj, "import_bad_prj");
    const toWgs84 = projectionOf(await readFile(prj, "utf8"));
    const cpg = parts.get(".cpg");
    const encoding = cpg ? (await readFile(cpg, "utf8")).trim() || "utf-8" : "utf-8";
    let source: Awaited<ReturnType<typeof shapefile.open>>;
    try {
      source = await shapefile.open(shp, dbf, { encoding });
    } catch {
      throw badRequest(poleImportTexts.zipNoShapefile, "import_no_shapefile");
    }
    let row = 0;
    for (;;) {
      const next = await source.read();
      if (next.done) break;
      row += 1;
      const { geometry, properties } = next.value;
      const fields: Record<string, FieldValue> = {};
      for (const [k, v] of Object.entries(properties ?? {})) {
        fields[k] = v instanceof Date ? v.toISOString().slice(0, 10) : (v as FieldValue);
      }
      if (!geometry) {
        yield { row, reason: poleImportTexts.noCoordinates };
        continue;
      }
      let xy: number[] | undefined;
      if (geometry.type === "Point") xy = geometry.coordinates;
      else if (geometry.type === "MultiPoint" && geometry.coordinates.length === 1)
        xy = geometry.coordinates[0];
      else if (row === 1)
        throw badRequest(poleImportTexts.shapefileNotPoints(geometry.type), "import_not_points");
      if (!xy) {
        yield { row, reason: poleImportTexts.notAPoint(geometry.type) };
        continue;
      }
      const [lon, lat] = toWgs84([xy[0]!, xy[1]!]);
      yield { row, lon, lat, fields };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
