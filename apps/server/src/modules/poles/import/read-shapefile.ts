/**
 * A zipped ESRI Shapefile register: the .shp, .dbf and .prj are unpacked to a private folder in the
 * upload temp folder, within the unzip limits (yauzl reads the zip's directory, so the zip stays
 * on disk), records are read one by one
 * (shapefile) and every position is reprojected from the .prj's coordinate system to WGS84
 * (proj4). A .prj that cannot be read is refused: a guessed system would put every pole in the
 * wrong place without anyone noticing.
 */
import { readFile, rm, stat } from "node:fs/promises";
import * as shapefile from "shapefile";
import { poleImportTexts } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import { dbfFieldNames } from "./dbf-header";
import { projectionOf } from "./wkt-projection";
import { RESERVED_NAME } from "./pole-input";
import { newFields, type FieldValue, type SourceRow } from "./source-row";
import { unzipParts, type UnzipLimits } from "./unzip-parts";

/** A .prj or .cpg is a line of text; no real one comes near this. */
const MAX_TEXT_PART_BYTES = 64 * 1024;
const PRJ_TOO_LONG = "it is longer than 64 KB";

/** The part's text, or null when it is longer than MAX_TEXT_PART_BYTES. */
async function readSmall(file: string): Promise<string | null> {
  if ((await stat(file)).size > MAX_TEXT_PART_BYTES) return null;
  return readFile(file, "utf8");
}

/** The .prj's system as the import answers it: its name, and its EPSG code when it gives one. */
export function prjSystem(prj: string): { code: string; name: string } {
  const text = prj.trim();
  const name = /^\w+\s*\[\s*"([^"]*)"/.exec(text)?.[1] ?? "";
  // The system's own identifier closes its WKT (a datum's or unit's comes earlier).
  const code = /(?:AUTHORITY|ID)\s*\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]\s*\]\s*$/i.exec(text)?.[1];
  return { code: code ? `EPSG:${code}` : "", name };
}

/**
 * `newDir` makes the folder the parts go to; it is removed however the reading ends. `onPrj`
 * hears the .prj's system before the first row.
 */
export async function* readShapefile(
  zipFile: string,
  newDir: () => Promise<string>,
  limits: UnzipLimits,
  onPrj: (system: { code: string; name: string }) => void = () => {},
): AsyncGenerator<SourceRow> {
  const dir = await newDir();
  try {
    const parts = await unzipParts(zipFile, dir, limits);
    const shp = parts.get(".shp");
    const dbf = parts.get(".dbf");
    if (!shp || !dbf) throw badRequest(poleImportTexts.zipNoShapefile, "import_no_shapefile");
    const prj = parts.get(".prj");
    if (!prj) throw badRequest(poleImportTexts.shapefileNoPrj, "import_bad_prj");
    const prjText = await readSmall(prj);
    if (prjText === null) throw badRequest(poleImportTexts.shapefileBadPrj(PRJ_TOO_LONG), "import_bad_prj");
    const toWgs84 = projectionOf(prjText);
    onPrj(prjSystem(prjText));
    const cpg = parts.get(".cpg");
    const encoding = (cpg && (await readSmall(cpg))?.trim()) || "utf-8";
    try {
      new TextDecoder(encoding);
    } catch {
      throw badRequest(poleImportTexts.shapefileBadCpg(encoding.slice(0, 64)), "import_bad_cpg");
    }
    const names = await dbfFieldNames(dbf);
    if (names === null) throw badRequest(poleImportTexts.shapefileUnreadable, "import_unreadable");
    // The reader loses that field's values; refused before a row is read, rather than dropped.
    if (names.includes(RESERVED_NAME))
      throw badRequest(poleImportTexts.shapefileReservedName(RESERVED_NAME), "import_reserved_name");
    let source: Awaited<ReturnType<typeof shapefile.open>>;
    try {
      source = await shapefile.open(shp, dbf, { encoding });
    } catch {
      throw badRequest(poleImportTexts.zipNoShapefile, "import_no_shapefile");
    }
    let row = 0;
    for (;;) {
      let next: Awaited<ReturnType<typeof source.read>>;
      try {
        next = await source.read();
      } catch {
        // A part cut short: as with a CSV's broken quote, the records before it stand.
        if (row === 0) throw badRequest(poleImportTexts.shapefileUnreadable, "import_unreadable");
        yield { row: row + 1, reason: poleImportTexts.shapefileBrokenFrom };
        return;
      }
      if (next.done) break;
      row += 1;
      const { geometry, properties } = next.value;
      const fields = newFields();
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
