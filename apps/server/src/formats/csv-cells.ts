/**
 * CSV cells (RFC 4180) safe to open in a spreadsheet: every CSV the server writes (the photo and
 * pole exports, the audit trail) escapes its cells here, so one rule holds for all of them.
 */

/** Characters that make Excel, LibreOffice or Sheets read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One text cell: prefixed with `'` when a spreadsheet would run it as a formula, then quoted when
 * it holds a comma, quote or line break (quotes doubled). Only user text goes through the prefix;
 * numbers (a negative latitude starts with '-') are written by csvNumber.
 */
export function csvText(value: string | null): string {
  if (value === null) return "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvNumber = (value: number | null) => (value === null ? "" : String(value));
