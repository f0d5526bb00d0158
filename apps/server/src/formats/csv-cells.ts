/**
 * CSV cells (RFC 4180) safe to open in a spreadsheet: every CSV the server writes (the photo and
 * pole exports, the audit trail) escapes its cells here, so one rule holds for all of them.
 */

/** Characters that make Excel, LibreOffice or Sheets read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Negative numbers, alone or a list of them with commas (a region's id "-122.4,37.8", a position
 * "-33.8651,151.2099"): a spreadsheet reads them as numbers or text, never as a formula, since
 * they hold no operator after the sign, no name and no call. Anything more (-2+3, -1+cmd|…) is
 * prefixed as OWASP says.
 */
const SIGNED_NUMBERS = /^-\d+(\.\d+)?([eE][+-]?\d+)?(,[+-]?\d+(\.\d+)?([eE][+-]?\d+)?)*$/;

/**
 * One text cell: prefixed with `'` when a spreadsheet would run it as a formula, then quoted when
 * it holds a comma, quote or line break (quotes doubled). Numbers written as text (a region's id,
 * a position) keep their minus sign unprefixed; numbers themselves are written by csvNumber.
 */
export function csvText(value: string | null): string {
  if (value === null) return "";
  const safe = FORMULA_START.test(value) && !SIGNED_NUMBERS.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvNumber = (value: number | null) => (value === null ? "" : String(value));
