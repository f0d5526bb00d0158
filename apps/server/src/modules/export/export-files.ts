/**
 * The typed formats: a zipped Shapefile or a GeoPackage is written whole into a private folder in
 * the upload temp folder (a Shapefile's headers and a GeoPackage's pages are only right once the
 * last row is in), then streamed from there; the folder goes however the export ends.
 */
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { Table, Value } from "./export-tables";
import { GeopackageThread } from "./geopackage-thread";
import type { Placement } from "./placement";
import { ShapefileWriter } from "./shapefile-writer";
import { SideFile } from "./side-file";
import { EXPORT_SLICE_MS, timeSlices } from "../../infra/limits/time-slices";
import { zipFiles } from "./zip-stream";

export type TypedFormat = "shp" | "gpkg";

/** Values one step writes before the time slice is looked at (a step is whole statements). */
const VALUES_PER_STEP = 20_000;

type Row = { xy: [number, number] | null; values: Value[] };

/**
 * Each batch through `write`, `step` rows at a time with a turn for the event loop whenever a
 * time slice is used up, while the database already reads the next batch: PostgreSQL works in its
 * own process, so on two cores reading and writing overlap instead of taking turns.
 */
async function eachBatch<R>(
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
  step: number,
  write: (rows: R[]) => void | Promise<void>,
): Promise<void> {
  const slice = timeSlices(EXPORT_SLICE_MS);
  for (let next = first; !next.done;) {
    const coming = rest.next();
    // Awaited below; a write that throws first must not leave its failure unhandled.
    coming.catch(() => {});
    const batch = next.value;
    for (let at = 0; at < batch.length; at += step) {
      await write(batch.slice(at, at + step));
      if (slice.due()) await slice.turn();
    }
    next = await coming;
  }
}

export async function* renderFile<R>(
  format: TypedFormat,
  table: Table<R>,
  placement: Placement,
  temp: TempFiles,
  first: IteratorResult<R[]>,
  rest: AsyncGenerator<R[]>,
): AsyncGenerator<Buffer> {
  const rowOf = (r: R): Row => {
    const p = table.position(r);
    return { xy: p && placement.place(p[0], p[1]), values: table.values(r) };
  };
  const width = table.fields.length + 1;
  const system = placement.system!;
  const dir = await temp.newDir("export");
  try {
    let files: string[];
    if (format === "gpkg") {
      const file = path.join(dir, `${table.name}.gpkg`);
      const writer = new GeopackageThread({
        file,
        table: table.name,
        fields: table.fields,
        epsg: system.epsg,
      });
      try {
        await writer.open();
        const statements = Math.max(1, Math.floor(VALUES_PER_STEP / (width * writer.rowsPerStatement)));
        await eachBatch(first, rest, statements * writer.rowsPerStatement, (rows) =>
          writer.add(rows.map(rowOf)),
        );
        await writer.finish(placement.note());
      } finally {
        await writer.close();
      }
      files = [file];
    } else {
      const writer = new ShapefileWriter(dir, table.name, table.fields);
      const side = table.side && new SideFile(path.join(dir, `${table.side.name}.csv`), table.side.columns);
      try {
        await writer.open();
        await side?.open();
        await eachBatch(first, rest, Math.max(1, Math.floor(VALUES_PER_STEP / width)), async (rows) => {
          await writer.add(rows.map(rowOf));
          if (side && table.side) await side.add(rows.flatMap((r) => table.side!.rows(r)));
        });
        files = await writer.finish(system.wkt, placement.note());
        if (side && (await side.finish())) files.push(side.file);
      } finally {
        await writer.abort();
        await side?.abort();
      }
    }
    if (format === "gpkg") for await (const chunk of createReadStream(files[0]!)) yield chunk as Buffer;
    else yield* zipFiles(files);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
