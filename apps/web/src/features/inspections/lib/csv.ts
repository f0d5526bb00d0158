/**
 * The work list as CSV: one row per finding, named as people name things (the pole's tag, its
 * circuit, the region's name, the assignee's e-mail), never by internal ids; plus the position.
 */
import type { Finding } from "@poleatlas/shared";

const COLUMNS: [
  string,
  (f: Finding, regionName: (id: string) => string) => string | number | boolean | null,
][] = [
  ["pole_tag", (f) => f.pole_tag],
  ["circuit", (f) => f.pole_circuit],
  ["region", (f, name) => name(f.region_id)],
  ["latitude", (f) => f.latitude],
  ["longitude", (f) => f.longitude],
  ["code", (f) => f.code],
  ["level", (f) => f.level],
  ["observed_on", (f) => f.observed_on],
  ["due_on", (f) => f.due_on],
  ["original_due_on", (f) => f.original_due_on],
  ["extension_reasons", (f) => f.extensions.map((e) => e.reason).join(" | ") || null],
  ["status", (f) => f.status],
  ["overdue", (f) => f.overdue],
  ["assignee", (f) => f.assignee_email],
  ["work_order", (f) => f.work_order],
  ["last_visit_on", (f) => f.pole_last_visit?.on ?? null],
  ["last_visit_type", (f) => f.pole_last_visit?.type ?? null],
  ["created_by", (f) => f.created_by_email],
  ["resolved_on", (f) => f.resolved_on],
  ["action", (f) => f.action],
  ["notes", (f) => f.notes],
];

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula. */
function cell(value: string | number | boolean | null): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `regionName` names a region id as the app shows it. */
export function findingsCsv(findings: readonly Finding[], regionName: (id: string) => string): string {
  const lines = [COLUMNS.map(([name]) => name).join(",")];
  for (const f of findings) lines.push(COLUMNS.map(([, value]) => cell(value(f, regionName))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
