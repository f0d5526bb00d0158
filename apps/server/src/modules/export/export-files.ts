/**
 * The typed formats: a zipped Shapefile or a GeoPackage is written whole into a private folder in
 * the upload temp folder (a Shapefile's headers and a GeoPackage's pages are only right once the
 * last row is in), then streamed from there; the folder goes however the export ends.
 */
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { CoordinateSystem } from "../../formats/coordinate-systems";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { Table } from "./export-tables";
import { GeopackageWriter } from "./geopackage-writer";
import { ShapefileWriter } from "./shapefile-writer";
import { zipFiles } from "./zip-stream";

export type TypedFormat = "shp" | "gpkg";

/**
 * Each batch through `write` while the database already reads the next one: PostgreSQL works
 * in its own process, so on two cores reading and writing overlap instead of taking turns.
 */
async function eachBatch<R>(
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
  write: (batch: R[]) => void | Promise<void>,
): Promise<void> {
  for (let next = first; !next.done;) {
    const coming = rest.next();
    // Awaited below; a write that throws first must not leave its failure unhandled.
    coming.catch(() => {});
    await write(next.value);
    next = await coming;
  }
}

export async function* renderFile<R>(
  format: TypedFormat,
  table: Table<R>,
  system: CoordinateSystem,
  temp: TempFiles,
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
): AsyncGenerator<Buffer> {
  const rowOf = (r: R) => {
    const p = table.position(r);
    return { xy: p && system.fromWgs84(p[0], p[1]), values: table.values(r) };
  };
  const dir = await temp.newDir("export");
  try {
    let files: string[];
    if (format === "gpkg") {
      const file = path.join(dir, `${table.name}.gpkg`);
      const writer = new GeopackageWriter(file, table.name, table.fields, system);
      try {
        writer.open();
        await eachBatch(first, rest, (batch) => writer.add(batch.map(rowOf)));
        writer.finish();
      } finally {
        writer.abort();
      }
      files = [file];
    } else {
      const writer = new ShapefileWriter(dir, table.name, table.fields);
      try {
        await writer.open();
        await eachBatch(first, rest, (batch) => writer.add(batch.map(rowOf)));
        files = await writer.finish(system.wkt);
      } finally {
        await writer.abort();
      }
    }
    if (format === "gpkg") for await (const chunk of createReadStream(files[0]!)) yield chunk as Buffer;
    else yield* zipFiles(files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
