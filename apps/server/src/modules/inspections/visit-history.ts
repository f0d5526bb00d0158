/**
 * A history CSV of visits read into checked rows: a header naming tag, type, date, inspector and
 * result (notes optional; the usual other names too), then one visit a row. A row that cannot be
 * a visit of this workspace carries the reason instead.
 */
import {
  isCalendarDay,
  poleImportTexts,
  safeLabel,
  safeNotes,
  visitTexts,
  VISIT_RESULTS,
  type VisitResult,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import { CsvError, CsvRecords } from "../poles/import/csv-records";
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

const resultOf = (text: string): VisitResult | undefined =>
  VISIT_RESULTS.find((r) => r === text.toLowerCase().replace(/[\s_]+/g, "-"));

/** Every row of the file, checked against the workspace's type codes and today. */
export function readHistory(
  bytes: Buffer,
  rules: { types: readonly string[]; today: string },
): CheckedHistoryRow[] {
  const records = new CsvRecords();
  records.feed(bytes);
  const read = () => {
    try {
      return records.next(true);
    } catch (err) {
      if (err instanceof CsvError)
        throw badRequest(poleImportTexts.csvUnreadable(err.message), "import_unreadable");
      throw err;
    }
  };
  const header = read();
  if (!header) throw badRequest(visitTexts.historyNoFile, "file_required");
  const lower = header.fields.map((h) => h.trim().toLowerCase());
  const at = Object.fromEntries(
    Object.entries(COLUMNS).map(([name, names]) => [name, findColumn(lower, [...names])]),
  ) as Record<keyof typeof COLUMNS, number>;
  const missing = REQUIRED.filter((c) => at[c] < 0);
  if (missing.length > 0) throw badRequest(visitTexts.historyColumns(missing.join(", ")), "import_columns");

  const rows: CheckedHistoryRow[] = [];
  for (let record = read(); record; record = read()) {
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
                : null;
    if (reason !== null || result === undefined) {
      rows.push({ row, reason: reason ?? visitTexts.historyBadResult(cell("result")) });
      continue;
    }
    const inspector = safeLabel(cell("inspector")).slice(0, 120);
    const notes = safeNotes(cell("notes")).trim();
    rows.push({
      row,
      tag,
      type,
      inspectedOn: day,
      inspector: inspector || null,
      result,
      notes: notes || null,
    });
  }
  return rows;
}
