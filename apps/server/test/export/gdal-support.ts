/**
 * GDAL (ogrinfo, ogr2ogr) reads an exported file as a GIS does: its feature count and fields,
 * and its positions reprojected by GDAL itself back to WGS 84.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface GdalFile {
  bytes: Buffer;
  /** The file's name (its extension picks GDAL's driver); a .zip is read inside. */
  name: string;
  /** Open options, e.g. the CSV's coordinate columns. */
  open?: string[];
  /** The system of a file that cannot say its own (CSV). */
  srs?: string;
  /** A file inside the zip to read instead of the zip's Shapefile. */
  inner?: string;
}

async function withFile<T>(f: GdalFile, fn: (source: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-gdal-"));
  try {
    const file = path.join(dir, f.name);
    await writeFile(file, f.bytes);
    const zipped = `/vsizip/${file}${f.inner === undefined ? "" : `/${f.inner}`}`;
    return await fn(f.name.endsWith(".zip") ? zipped : file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const openOptions = (f: GdalFile) => (f.open ?? []).flatMap((o) => ["-oo", o]);

/** ogrinfo's summary of the file's one layer: its feature count and field names. */
export function ogrSummary(f: GdalFile): Promise<{ count: number; fields: string[]; text: string }> {
  return withFile(f, async (source) => {
    const { stdout } = await run("ogrinfo", ["-ro", "-al", "-so", ...openOptions(f), source]);
    const count = Number(/Feature Count: (\d+)/.exec(stdout)?.[1] ?? NaN);
    const fields = [...stdout.matchAll(/^(\S+): (?:String|Integer|Integer64|Real|Date)\b/gm)].map(
      (m) => m[1]!,
    );
    return { count, fields, text: stdout };
  });
}

/** GDAL's reprojection of the file to WGS 84: the value of `key` → [lon, lat]. */
export function gdalWgs84(f: GdalFile, key: string): Promise<Map<string, [number, number]>> {
  return withFile(f, async (source) => {
    const { stdout } = await run("ogr2ogr", [
      ...["-f", "CSV", "/vsistdout/", ...openOptions(f), source],
      ...(f.srs ? ["-s_srs", f.srs] : []),
      ...["-t_srs", "EPSG:4326", "-lco", "GEOMETRY=AS_XY", "-select", key],
    ]);
    const [, ...lines] = stdout.trim().split("\n");
    return new Map(
      lines.map((line) => {
        const [x, y, value] = line.split(",");
        return [value!.replace(/^"|"$/g, ""), [Number(x), Number(y)]];
      }),
    );
  });
}

/**
 * ogrinfo's reading of every feature (or those `where` selects, in OGR SQL): field name → value
 * as GDAL prints it ("" when unset).
 */
export function ogrValues(f: GdalFile, where?: string): Promise<Record<string, string>[]> {
  return withFile(f, async (source) => {
    const selected = where === undefined ? [] : ["-where", where];
    const { stdout } = await run("ogrinfo", ["-ro", "-al", "-q", ...openOptions(f), ...selected, source], {
      maxBuffer: 512 * 2 ** 20,
    });
    return stdout
      .split(/^OGRFeature\(.*\):\d+$/m)
      .slice(1)
      .map((feature) =>
        Object.fromEntries(
          [...feature.matchAll(/^ {2}(\S+) \(\w+\) = (.*)$/gm)].map((m) => [
            m[1]!,
            m[2]! === "(null)" ? "" : m[2]!,
          ]),
        ),
      );
  });
}

/** What ogrinfo prints for an SQL query on the file (a GeoPackage's own tables too). */
export function ogrSql(f: GdalFile, query: string): Promise<string> {
  return withFile(f, async (source) => {
    const { stdout } = await run("ogrinfo", ["-ro", "-q", source, "-sql", query]);
    return stdout;
  });
}
