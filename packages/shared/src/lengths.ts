/**
 * Lengths typed by people: a height on a stick, a pole's height in the register. The API speaks
 * metres; a length is read in the unit typed with it ("15 ft 6 in", "15' 6\"", "72 in", "4,5 m",
 * "250 cm"), a bare number in the workspace's unit ("15" ft, "4.5" m).
 */
import { formatLength, type LengthUnits } from "./measurements";

const FOOT_M = 0.3048;
const INCH_M = FOOT_M / 12;

const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?|-?[.,]\d+)`;
const FEET_UNIT = String.raw`(?:ft|feet|foot|')`;
const INCH_UNIT = String.raw`(?:in|inch|inches|")`;
/** A length with its metric unit: "2 m", "2,5 metres", "250 cm", "2500 mm". */
const METRIC = new RegExp(String.raw`^${NUMBER}\s*(m|metres?|meters?|cm|mm)$`, "i");
/** Feet with their unit, and inches after them if any: "6 ft", "6'", "6' 2\"", "6 ft 2". */
const FEET = new RegExp(String.raw`^${NUMBER}\s*${FEET_UNIT}\s*(?:${NUMBER}\s*${INCH_UNIT}?)?$`, "i");
/** Inches alone, with their unit: "72 in", "72\"". */
const INCHES = new RegExp(String.raw`^${NUMBER}\s*${INCH_UNIT}$`, "i");
/** In a feet workspace, feet and inches without the feet's unit: "15 6", "15 6 in". */
const FEET_THEN_INCHES = new RegExp(String.raw`^${NUMBER}\s+${NUMBER}\s*${INCH_UNIT}?$`, "i");
const BARE = new RegExp(String.raw`^${NUMBER}$`);
const METRIC_FACTOR: Record<string, number> = { cm: 0.01, mm: 0.001 };
const num = (s: string) => Number(s.replace(",", "."));
const feetAndInches = (feet: number, inches: number) =>
  feet * FOOT_M + Math.sign(feet || 1) * inches * INCH_M;

/**
 * Metres for a typed height, or null when it cannot be read. A height typed with its unit is read
 * in that unit whatever the workspace's ("2 m" in a feet workspace, "6' 2\"" in a metric one); a
 * bare number is in the workspace's unit (feet, or metres). Curly primes (′ ″) count as ' and ".
 */
export function parseLength(text: string, units: LengthUnits): number | null {
  const s = text.trim().replace(/[′’]/g, "'").replace(/[″”]/g, '"');
  if (s === "") return null;
  const metric = METRIC.exec(s);
  if (metric) return num(metric[1]!) * (METRIC_FACTOR[metric[2]!.toLowerCase()] ?? 1);
  const feet = FEET.exec(s);
  if (feet) return feetAndInches(num(feet[1]!), feet[2] === undefined ? 0 : num(feet[2]));
  const inches = INCHES.exec(s);
  if (inches) return num(inches[1]!) * INCH_M;
  const bare = BARE.exec(s);
  if (bare) return num(bare[1]!) * (units === "metres" ? 1 : FOOT_M);
  const pair = units === "feet-inches" ? FEET_THEN_INCHES.exec(s) : null;
  if (pair) return feetAndInches(num(pair[1]!), num(pair[2]!));
  return null;
}

/** A length written the way parseLength takes it back: "4.5 m", "15 ft 6 in", "15 ft". */
export function lengthText(metres: number, units: LengthUnits): string {
  if (units === "metres") return `${Number(metres.toFixed(3))} m`;
  return formatLength(metres, units).replace(/ 0 in$/, "");
}
