/**
 * Heights as the workspace shows and takes them: feet and inches or metres. The API speaks
 * metres; a typed height is read by parseLength (packages/shared), and the stick's graduations
 * are offered every 5 ft or every metre.
 */
import { formatLength, lengthText, type LengthUnits } from "@poleatlas/shared";

const FOOT_M = 0.3048;
const INCH_M = FOOT_M / 12;

/** The graduations offered for a stick mark: a common 25 ft or 8 m stick, and a bit above. */
export function heightChoices(units: LengthUnits): { text: string; metres: number }[] {
  if (units === "metres") {
    return Array.from({ length: 11 }, (_, i) => ({ text: `${i} m`, metres: i }));
  }
  return Array.from({ length: 9 }, (_, i) => ({ text: `${i * 5} ft`, metres: i * 5 * FOOT_M }));
}

/** The graduation after `metres` on the workspace's stick (base 0, then 5 ft or 1 m up). */
export function nextGraduation(previous: number | null, units: LengthUnits): string {
  const step = units === "metres" ? 1 : 5 * FOOT_M;
  const next = previous === null ? 0 : (Math.round(previous / step) + 1) * step;
  return lengthText(next, units);
}

/** One standard deviation as the workspace shows it: ± 1.5 in, ± 0.04 m. */
export function formatUncertainty(metres: number, units: LengthUnits): string {
  if (units === "metres") return `± ${metres.toFixed(2)} m`;
  return `± ${(metres / INCH_M).toFixed(1)} in`;
}

export { formatLength };
