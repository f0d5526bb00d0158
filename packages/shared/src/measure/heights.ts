/**
 * Heights read from one photo: the stick's marks fix the projective map along the pole's line,
 * each marked point is projected onto that line and read through the map. The uncertainty is the
 * click precision (or the marks' own scatter about the fit, when larger) carried through the whole
 * reading, line and fit included, to first order: each clicked coordinate is moved a little and
 * the heights' change is summed in quadrature.
 */
import { alongLine, fitPoleLine, intersect, type Pixel, type PoleLine } from "./pole-line";
import { fitProjectiveMap, heightAt, type ProjectiveMap } from "./projective-map";

export interface ReferenceMark {
  at: Pixel;
  heightM: number;
}

export interface HeightInput {
  reference: readonly ReferenceMark[];
  points: readonly Pixel[];
  /** Two lines that are vertical in the world, each as two points. */
  verticals?: readonly [readonly [Pixel, Pixel], readonly [Pixel, Pixel]];
  /** How precisely a mark is placed, pixels (one standard deviation per coordinate). */
  clickSigmaPx: number;
}

export type HeightFailure =
  | "too_few_marks"
  | "marks_same_height"
  | "marks_too_close"
  | "marks_across_photo"
  | "vertical_too_short"
  | "marks_inconsistent"
  | "beyond_vanishing_point";

export interface HeightReading {
  heightM: number;
  /** One standard deviation, metres. */
  uncertaintyM: number;
}

export type HeightResult =
  { ok: true; points: HeightReading[]; rmsPx: number } | { ok: false; reason: HeightFailure; index?: number };

/** Marks closer than this along the pole cannot fix a scale (a fraction of a graduation's click). */
export const MIN_MARK_SPAN_PX = 10;
/** Heights closer than this are one height: 0 and 1e-300 m fix no scale. */
export const MIN_HEIGHT_STEP_M = 0.01;
/**
 * The stick stands up the photo: marks whose line leans further than this from the photo's
 * vertical (on one horizontal line, say) lie along no pole.
 */
export const MAX_STICK_TILT_DEG = 45;
/** A vertical line shorter than this has no direction worth the name (as a lean's axis). */
export const MIN_VERTICAL_PX = 20;
/** Marks scattered about the fit by more than this share of their span are typed or placed wrong. */
const MAX_RMS_SHARE = 0.05;
const MIN_RMS_LIMIT_PX = 5;
const STEP_PX = 0.01;

interface Reading {
  line: PoleLine;
  map: ProjectiveMap;
}

/** How many heights the marks give, heights closer than MIN_HEIGHT_STEP_M counted once. */
function distinctHeights(reference: readonly ReferenceMark[]): number {
  const sorted = reference.map((m) => m.heightM).sort((a, b) => a - b);
  let count = 0;
  let last = -Infinity;
  for (const h of sorted) {
    if (h - last >= MIN_HEIGHT_STEP_M) {
      count += 1;
      last = h;
    }
  }
  return count;
}

function read(
  reference: readonly ReferenceMark[],
  verticals: HeightInput["verticals"],
): Reading | Exclude<HeightFailure, "beyond_vanishing_point"> {
  const needed = verticals ? 2 : 3;
  if (reference.length < needed) return "too_few_marks";
  if (distinctHeights(reference) < needed) return "marks_same_height";
  const line = fitPoleLine(reference.map((m) => m.at));
  if (!line) return "marks_too_close";
  if (verticals?.some(([a, b]) => Math.hypot(b[0] - a[0], b[1] - a[1]) < MIN_VERTICAL_PX))
    return "vertical_too_short";
  const marks = reference.map((m) => ({ s: alongLine(line, m.at), heightM: m.heightM }));
  const positions = marks.map((m) => m.s);
  const span = Math.max(...positions) - Math.min(...positions);
  if (span < MIN_MARK_SPAN_PX) return "marks_too_close";
  const tiltDeg = (Math.atan2(Math.abs(line.direction[0]), -line.direction[1]) * 180) / Math.PI;
  if (tiltDeg > MAX_STICK_TILT_DEG) return "marks_across_photo";
  let w: number | undefined;
  if (verticals) {
    const vanishing = intersect(verticals[0], verticals[1]);
    // Parallel verticals: a level camera, whose map is affine (the vanishing point at infinity).
    w = vanishing ? 1 / alongLine(line, vanishing) : 0;
  }
  const map = fitProjectiveMap(marks, w);
  if (!map || map.rmsPx > Math.max(MIN_RMS_LIMIT_PX, MAX_RMS_SHARE * span)) return "marks_inconsistent";
  return { line, map };
}

const heightOf = (r: Reading, point: Pixel): number => heightAt(r.map, alongLine(r.line, point));

type Coordinates = { get: () => number; set: (v: number) => void };

/** Every clicked coordinate of the marks and verticals, as something to nudge. */
function markCoordinates(input: HeightInput): {
  reference: ReferenceMark[];
  verticals?: [[Pixel, Pixel], [Pixel, Pixel]];
  coords: Coordinates[];
} {
  const reference = input.reference.map((m) => ({
    at: [m.at[0], m.at[1]] as [number, number],
    heightM: m.heightM,
  }));
  const verticals = input.verticals?.map((l) => l.map((p) => [p[0], p[1]] as [number, number])) as
    [[[number, number], [number, number]], [[number, number], [number, number]]] | undefined;
  const pixels: [number, number][] = [...reference.map((m) => m.at), ...(verticals?.flat() ?? [])];
  const coords = pixels.flatMap((p) =>
    [0, 1].map((k) => ({ get: () => p[k]!, set: (v: number) => (p[k] = v) })),
  );
  return { reference, verticals, coords };
}

export function measureHeights(input: HeightInput): HeightResult {
  const base = read(input.reference, input.verticals);
  if (typeof base === "string") return { ok: false, reason: base };
  const heights = input.points.map((p) => heightOf(base, p));
  const beyond = heights.findIndex((h) => !Number.isFinite(h));
  if (beyond >= 0) return { ok: false, reason: "beyond_vanishing_point", index: beyond };

  const sigma = base.map.dof > 0 ? Math.max(input.clickSigmaPx, base.map.rmsPx) : input.clickSigmaPx;
  const variance = heights.map(() => 0);
  const nudged = markCoordinates(input);
  for (const c of nudged.coords) {
    const v = c.get();
    c.set(v + STEP_PX);
    const up = read(nudged.reference, nudged.verticals);
    c.set(v - STEP_PX);
    const down = read(nudged.reference, nudged.verticals);
    c.set(v);
    if (typeof up === "string" || typeof down === "string") continue;
    input.points.forEach((p, i) => {
      variance[i]! += ((heightOf(up, p) - heightOf(down, p)) / (2 * STEP_PX)) ** 2;
    });
  }
  input.points.forEach((p, i) => {
    // The point's own click: only its position along the line matters.
    const [dx, dy] = base.line.direction;
    const ahead = heightOf(base, [p[0] + dx * STEP_PX, p[1] + dy * STEP_PX]);
    const behind = heightOf(base, [p[0] - dx * STEP_PX, p[1] - dy * STEP_PX]);
    variance[i]! += ((ahead - behind) / (2 * STEP_PX)) ** 2;
  });
  return {
    ok: true,
    rmsPx: base.map.rmsPx,
    points: heights.map((h, i) => ({ heightM: h, uncertaintyM: sigma * Math.sqrt(variance[i]!) })),
  };
}
