/**
 * A CSV register, streamed record by record (CsvRecords over the file's bytes): a header row, then
 * one pole a line. The caller's `locate` picks the coordinate columns from the header (the column
 * mapping); every other column goes on as a field.
 */
import type { Readable } from "node:stream";
import { poleImportTexts } from "@poleatlas/shared";
import { badRequest } from "../../../errors";
import { CsvError, CsvRecords, type CsvRecord } from "./csv-records";
import { newFields, type SourceRow } from "./source-row";

/** The header's position columns: [longitude or x, latitude or y] by name; a 400 when it has none. */
export type LocateCoordinates = (header: string[]) => [string, string];

/**
 * The export writes a text cell a spreadsheet would run as a formula with a leading `'` (as
 * spreadsheets themselves do); read back, the `'` goes, so an exported register imports unchanged.
 */
const GUARDED_FORMULA = /^'[=+\-@\t\r]/;
const unguard = (cell: string) => (GUARDED_FORMULA.test(cell) ? cell.slice(1) : cell);

export async function* readCsv(input: Readable, locate: LocateCoordinates): AsyncGenerator<SourceRow> {
  const records = new CsvRecords();
  let header: string[] | null = null;
  let lat = -1;
  let lon = -1;
  let lastLine = 1;
  /** The record as a row; null for the header. */
  const toRow = ({ fields: record, line }: CsvRecord): SourceRow | null => {
    lastLine = line;
    if (!header) {
      header = record.map((h) => h.trim());
      const lower = header.map((h) => h.toLowerCase());
      // Two columns of one name: which of them a pole gets would be a guess.
      const twice = lower.find((h, i) => h !== "" && lower.indexOf(h) !== i);
      if (twice !== undefined)
        throw badRequest(
          poleImportTexts.csvColumnTwice(header[lower.lastIndexOf(twice)]!),
          "import_duplicate_column",
        );
      const [lonName, latName] = locate(header);
      lon = header.indexOf(lonName);
      lat = header.indexOf(latName);
      return null;
    }
    if (record.length !== header.length)
      return { row: line, reason: poleImportTexts.columnCount(record.length, header.length) };
    const fields = newFields();
    for (let i = 0; i < header.length; i++)
      if (i !== lat && i !== lon) fields[header[i]!] = unguard(record[i] ?? "");
    return { row: line, lat: record[lat], lon: record[lon], fields };
  };
  try {
    let record: CsvRecord | null;
    for await (const chunk of input as AsyncIterable<Buffer>) {
      records.feed(chunk);
      while ((record = records.next(false))) {
        const row = toRow(record);
        if (row) yield row;
      }
    }
    while ((record = records.next(true))) {
      const row = toRow(record);
      if (row) yield row;
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    if (!header) throw badRequest(poleImportTexts.csvUnreadable(err.message), "import_unreadable");
    // A broken quote halfway: the rows before it stand, the rest of the file is one rejection.
    yield { row: lastLine + 1, reason: poleImportTexts.csvUnreadable(err.message) };
    return;
  }
  if (!header) throw badRequest(poleImportTexts.csvNoCoordinates, "import_no_coordinates");
}
