/**
 * What the photo shows of a photo's marks in one mode: heights (the stick with its typed heights,
 * the points with their kinds, or their measured heights once answered, the vertical lines) or
 * lean (the pole's axis and the plumb line).
 */
import { measureTexts, measureToolTexts as t, type LengthUnits, type Measurement } from "@poleatlas/shared";
import { formatLength } from "./lengths";
import type { MarkRef, PhotoMarks } from "./marks";
import type { Pixel } from "./photo-view";

export interface DrawnMark {
  ref: MarkRef;
  at: Pixel;
  /** Shown beside the mark: its name and height. */
  text: string;
  color: string;
}

export interface DrawnLine {
  from: Pixel;
  to: Pixel;
  color: string;
}

export type MeasureMode = "heights" | "lean";

const COLORS = {
  stick: "#ffeb3b",
  points: "#00e5ff",
  verticals: "#b2ff59",
  axis: "#ff4081",
  plumb: "#b2ff59",
};

function pairs(points: readonly Pixel[], color: string): DrawnLine[] {
  const lines: DrawnLine[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) lines.push({ from: points[i]!, to: points[i + 1]!, color });
  return lines;
}

export function drawnMarks(
  marks: PhotoMarks,
  mode: MeasureMode,
  units: LengthUnits,
  answer: Measurement | null,
): { marks: DrawnMark[]; lines: DrawnLine[] } {
  if (mode === "lean") {
    return {
      marks: [
        ...marks.axis.map((at, index) => ({
          ref: { list: "axis" as const, index },
          at,
          text: t.axisName(index),
          color: COLORS.axis,
        })),
        ...marks.plumb.map((at, index) => ({
          ref: { list: "plumb" as const, index },
          at,
          text: t.plumbName(index),
          color: COLORS.plumb,
        })),
      ],
      lines: [...pairs(marks.axis, COLORS.axis), ...pairs(marks.plumb, COLORS.plumb)],
    };
  }
  return {
    marks: [
      ...marks.stick.map((m, index) => ({
        ref: { list: "stick" as const, index },
        at: m.at,
        text: `${t.stickName(index)} · ${m.height}`,
        color: COLORS.stick,
      })),
      ...marks.points.map((m, index) => {
        const measured = answer?.points[index];
        const name = m.label.trim() || measureTexts.kindNames[m.kind];
        return {
          ref: { list: "points" as const, index },
          at: m.at,
          text: measured
            ? `${name} · ${formatLength(measured.height_m, units)}`
            : `${t.pointName(index)} · ${name}`,
          color: COLORS.points,
        };
      }),
      ...marks.verticals.map((at, index) => ({
        ref: { list: "verticals" as const, index },
        at,
        text: t.verticalName(index),
        color: COLORS.verticals,
      })),
    ],
    lines: pairs(marks.verticals, COLORS.verticals),
  };
}
