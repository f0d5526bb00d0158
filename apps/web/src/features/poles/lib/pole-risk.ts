/**
 * One risk per pole: what its open findings say (the worst level's: Level 1 High, 2 Medium, 3
 * Low, as the condition the map colours by); only while none is open, the hand rating of its
 * latest rated photo, kept as an assessment. Says which applies and why.
 */
import {
  compareByDate,
  formatPhotoDate,
  poleRecordTexts as t,
  type PoleTimeline,
  type Risk,
} from "@poleatlas/shared";

const LEVEL_RISK: Record<number, Risk> = { 1: "high", 2: "medium", 3: "low" };

export interface PoleRisk {
  risk: Risk | null;
  /** Where the risk comes from: the open findings, a photo's assessment, or nothing yet. */
  source: "findings" | "assessment" | "none";
  text: string;
}

export function poleRisk(record: Pick<PoleTimeline, "images" | "findings">): PoleRisk {
  const open = record.findings.filter((f) => f.status !== "resolved");
  if (open.length > 0) {
    const level = Math.min(...open.map((f) => f.level));
    const risk = LEVEL_RISK[level] ?? "high";
    const count = open.filter((f) => f.level === level).length;
    return { risk, source: "findings", text: t.riskFromFindings(t.riskNames[risk], count, level) };
  }
  const rated = [...record.images]
    .sort(compareByDate)
    .filter((p) => p.risk !== null)
    .at(-1);
  if (rated?.risk) {
    const name = t.riskNames[rated.risk];
    const text = rated.date ? t.riskAssessed(name, formatPhotoDate(rated.date)) : t.riskAssessedUndated(name);
    return { risk: rated.risk, source: "assessment", text };
  }
  return { risk: null, source: "none", text: t.riskNone };
}

/** Whether a finding is open: the quick rating is then an assessment only, not the pole's risk. */
export const hasOpenFinding = (record: Pick<PoleTimeline, "findings">) =>
  record.findings.some((f) => f.status !== "resolved");
