/**
 * A pole's height as registers write it: a number in the column's unit (height_m, height_ft), or a
 * number with its unit ("40 ft", "40'", "12.2 m"). Feet become metres exactly (1 ft = 0.3048 m),
 * kept to 15 significant digits so 40 ft is 12.192 m, not 12.192000000000002.
 */
import { PLAIN_DECIMAL, poleImportTexts as texts } from "@poleatlas/shared";
import type { FieldValue } from "./source-row";

export const METRES_PER_FOOT = 0.3048;

const WITH_UNIT = /^(.*?)\s*(ft|feet|foot|'|m|metres?|meters?)\.?$/i;

/** Metres, null for an empty cell, or the reason the value is refused. */
export function heightInMetres(column: string, value: FieldValue, unit: "m" | "ft"): number | null | string {
  if (value === null || value === undefined) return null;
  let n: number;
  let inFeet = unit === "ft";
  if (typeof value === "number") n = value;
  else {
    const t = String(value).trim();
    if (t === "") return null;
    const m = WITH_UNIT.exec(t);
    const digits = m ? m[1]! : t;
    if (m) inFeet = !/^m/i.test(m[2]!);
    if (!PLAIN_DECIMAL.test(digits)) return texts.notANumber(column, t);
    n = Number(digits);
  }
  if (!Number.isFinite(n)) return texts.notANumber(column, String(value));
  return inFeet ? Number((n * METRES_PER_FOOT).toPrecision(15)) : n;
}
