/**
 * Measurements as the screens say them: a height's uncertainty in the workspace's units and a
 * pole's lean with the direction it leans toward.
 */
import { compassPoint } from "../format";
import type { LengthUnits, PoleLean } from "../measurements";
import { measurementsTexts } from "./measure-texts";

const INCH_M = 0.0254;

/**
 * One standard deviation as "± 3 in" or "± 0.08 m": rounded up to the inch or the centimetre, so
 * that a small uncertainty never reads as none.
 */
export function formatUncertainty(metres: number, units: LengthUnits): string {
  if (units === "metres") return `± ${(Math.ceil(Math.abs(metres) * 100 - 1e-9) / 100).toFixed(2)} m`;
  const inches = Math.ceil(Math.abs(metres) / INCH_M - 1e-9);
  return inches < 12 ? `± ${inches} in` : `± ${Math.floor(inches / 12)} ft ${inches % 12} in`;
}

/** "Lean 6.2° toward 135° (SE)", or "Apparent lean 4.0° in one view" when seen in one photo. */
export function leanText(lean: Pick<PoleLean, "degrees" | "toward_deg" | "apparent">): string {
  const degrees = `${lean.degrees.toFixed(1)}°`;
  if (lean.apparent || lean.toward_deg === null) return measurementsTexts.apparentLean(degrees);
  const toward = Math.round(lean.toward_deg) % 360;
  return measurementsTexts.lean(degrees, `${toward}°`, compassPoint(lean.toward_deg));
}
