/**
 * What a measurement suggests adding as findings: each attachment lower than its kind's minimum
 * clearance, and a lean beyond the workspace's threshold. Heights are compared as measured (the
 * uncertainty is shown beside them, not subtracted): the office decides on the finding.
 */
import type {
  AttachmentKind,
  ClearanceRule,
  LengthUnits,
  MeasureSettings,
  Suggestion,
} from "../measurements";
import { formatLength } from "../measurements";
import { measureTexts } from "./measure-texts";

export interface MeasuredHeight {
  kind: AttachmentKind;
  label: string | null;
  height_m: number;
}

const degrees = (d: number) => `${d.toFixed(1)}°`;

export function clearanceSuggestions(
  points: readonly MeasuredHeight[],
  settings: MeasureSettings,
): Suggestion[] {
  const units: LengthUnits = settings.units;
  return points.flatMap((p) =>
    settings.clearanceRules
      .filter((rule: ClearanceRule) => rule.kind === p.kind && p.height_m < rule.min_height_m)
      .map((rule) => ({
        code: rule.code,
        level: rule.level,
        reason: measureTexts.clearanceBelow(
          p.label ? `${measureTexts.kindNames[p.kind]} "${p.label}"` : measureTexts.kindNames[p.kind],
          formatLength(p.height_m, units),
          formatLength(rule.min_height_m, units),
        ),
      })),
  );
}

/** The lean finding's code and level. */
export const LEAN_FINDING = { code: "lean", level: 2 } as const;

export function leanSuggestions(
  lean: { degrees: number; apparent: boolean },
  settings: MeasureSettings,
): Suggestion[] {
  if (lean.degrees <= settings.leanThresholdDeg) return [];
  const text = lean.apparent ? measureTexts.apparentLeanAbove : measureTexts.leanAbove;
  return [{ ...LEAN_FINDING, reason: text(degrees(lean.degrees), degrees(settings.leanThresholdDeg)) }];
}
