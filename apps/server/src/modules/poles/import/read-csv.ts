/**
 * A CSV register, streamed record by record (csv-parse): a header row, then one pole a line.
 * The coordinate columns are found by name; every other column goes on as a field.
 */
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { poleImportTexts } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import { findColumn, LATITUDE_NAMES, LONGITUDE_NAMES, type SourceRow } from "./source-row";

interface Parsed {
  record: string[];
  info: { lines: number };
}

export async function* readCsv(input: Readable): AsyncGenerator<SourceRow> {
  const parser = input.pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  let header: string[] | null = null;
  let lat = -1;
  let lon = -1;
  let lastLine = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<Parsed>) {
      lastLine = info.lines;
      if (!header) {
        header = record.map((h) => h.trim());
        const lower = header.map((h) => h.toLowerCase());
        lat = findColumn(lower, LATITUDE_NAMES);
        lon = findColumn(lower, LONGITUDE_NAMES);
        if (lat < 0 || lon < 0) throw badRequest(poleImportTexts.csvNoCoordinates, "import_no_coordinates");
        continue;
      }
      if (record.length !== header.length) {
        yield { row: info.lines, reason: poleImportTexts.columnCount(record.length, header.length) };
        continue;
      }
      const fields: Record<string, string> = {};
      header.forEach((name, i) => {
        if (i !== lat && i !== lon) fields[name] = record[i] ?? "";
      });
      yield { row: info.lines, lat: record[lat], lon: record[lon], fields };
    }
  } catch (err) {
    if (!header) {
      if (
        err instanceof Error &&
        "code" in err &&
        typeof err.code === "string" &&
        err.code.startsWith("CSV_")
      )
        throw badRequest(poleImportTexts.csvUnreadable(err.message), "import_unreadable");
      throw err;
    }
    // A broken quote halfway: the rows before it stand, the rest of the file is one rejection.
    if (
      err instanceof Error &&
      "code" in err &&
      typeof err.code === "string" &&
      err.code.startsWith("CSV_")
    ) {
      yield { row: lastLine + 1, reason: poleImportTexts.csvUnreadable(err.message) };
      return;
    }
    throw err;
  }
  if (!header) throw badRequest(poleImportTexts.csvNoCoordinates, "import_no_coordinates");
}
