/**
 * A history CSV of visits read as it streams into checked rows: a header naming tag, type, date,
 * inspector and result (notes optional; the usual other names too), then one visit a row. A row
 * that cannot be a visit of this workspace carries the reason instead, with the limits of a visit
 * recorded in the app (notes, inspector). Only the record being read is held, never the file.
 */
import {
  isCalendarDay,
  MAX_INSPECTOR_LENGTH,
  MAX_NOTES_LENGTH,
  poleImportTexts,
  safeLabel,
  safeNotes,
  visitTexts,
  VISIT_RESULTS,
  type VisitResult,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import { CsvError, CsvRecords, type CsvRecord } from "../poles/import/csv-records";
import { findColumn, TAG_NAMES } from "../poles/import/source-row";

export interface HistoryRow {
  row: number;
  /** Lower-cased, as tags are matched. */
  tag: string;
  type: string;
  inspectedOn: string;
  inspector: string | null;
  result: VisitResult;
  notes: string | null;
}

export type CheckedHistoryRow = HistoryRow | { row: number; reason: string };

const COLUMNS = {
  tag: TAG_NAMES,
  type: ["type", "inspection_type"],
  date: ["date", "inspected_on", "inspection_date"],
  inspector: ["inspector"],
  result: ["result"],
  notes: ["notes"],
} as const;
const REQUIRED = ["tag", "type", "date", "inspector", "result"] as const;
type Columns = Record<keyof typeof COLUMNS, number>;

export interface HistoryRules {
  types: readonly string[];
  today: string;
}

const resultOf = (text: string): VisitResult | undefined =>
  VISIT_RESULTS.find((r) => r === text.toLowerCase().replace(/[\s_]+/g, "-"));

function columnsOf(header: CsvRecord): Columns {
  const lower = header.fields.map((h) => h.trim().toLowerCase());
  const at = Object.fromEntries(
    Object.entries(COLUMNS).map(([name, names]) => [name, findColumn(lower, [...names])]),
  ) as Columns;
  const missing = REQUIRED.filter((c) => at[c] < 0);
  if (missing.length > 0) throw badRequest(visitTexts.historyColumns(missing.join(", ")), "import_columns");
  return at;
}

/** One record checked against the workspace's type codes, today and a visit's limits. */
function checkRow(record: CsvRecord, at: Columns, rules: HistoryRules): CheckedHistoryRow {
  const cell = (c: keyof typeof COLUMNS) => (at[c] < 0 ? "" : (record.fields[at[c]] ?? "").trim());
  const row = record.line;
  const tag = safeLabel(cell("tag")).toLowerCase();
  const type = cell("type").toLowerCase();
  const day = cell("date");
  const result = resultOf(cell("result"));
  const reason =
    tag === ""
      ? visitTexts.importNeedsTag
      : !rules.types.includes(type)
        ? visitTexts.importUnknownType(type, rules.types)
        : !isCalendarDay(day)
          ? visitTexts.importBadDay(day)
          : day > rules.today
            ? visitTexts.futureDate
            : result === undefined
              ? visitTexts.historyBadResult(cell("result"))
              : cell("notes").length > MAX_NOTES_LENGTH
                ? visitTexts.historyNotesTooLong(MAX_NOTES_LENGTH)
                : cell("inspector").length > MAX_INSPECTOR_LENGTH
                  ? visitTexts.historyInspectorTooLong(MAX_INSPECTOR_LENGTH)
                  : null;
  if (reason !== null || result === undefined) {
    return { row, reason: reason ?? visitTexts.historyBadResult(cell("result")) };
  }
  const inspector = safeLabel(cell("inspector"));
  const notes = safeNotes(cell("notes")).trim();
  return { row, tag, type, inspectedOn: day, inspector: inspector || null, result, notes: notes || null };
}

/** Every row of the file as its bytes arrive, checked; a file without the columns is a 400. */
export async function* readHistory(
  input: AsyncIterable<Buffer>,
  rules: HistoryRules,
): AsyncGenerator<CheckedHistoryRow> {
  const records = new CsvRecords();
  let at: Columns | null = null;
  const next = (atEnd: boolean) => {
    try {
      return records.next(atEnd);
    } catch (err) {
      if (err instanceof CsvError)
        throw badRequest(poleImportTexts.csvUnreadable(err.message), "import_unreadable");
      throw err;
    }
  };
  const rowsSoFar = function* (atEnd: boolean): Generator<CheckedHistoryRow> {
    for (let record = next(atEnd); record; record = next(atEnd)) {
      if (at === null) at = columnsOf(record);
      else yield checkRow(record, at, rules);
    }
  };
  for await (const chunk of input) {
    records.feed(chunk);
    yield* rowsSoFar(false);
  }
  yield* rowsSoFar(true);
  if (at === null) throw badRequest(visitTexts.historyNoFile, "file_required");
}
