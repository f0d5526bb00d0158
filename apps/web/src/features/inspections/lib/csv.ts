/** The work list as CSV: one row per finding, the columns the table shows plus the position. */
import type { Finding } from "@poleatlas/shared";

const COLUMNS = [
  "pole_tag",
  "region_id",
  "latitude",
  "longitude",
  "code",
  "level",
  "observed_on",
  "due_on",
  "status",
  "overdue",
  "created_by_email",
  "resolved_on",
  "action",
  "notes",
] as const satisfies readonly (keyof Finding)[];

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula. */
function cell(value: string | number | boolean | null): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function findingsCsv(findings: readonly Finding[]): string {
  const lines = [COLUMNS.join(",")];
  for (const f of findings) lines.push(COLUMNS.map((c) => cell(f[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
