/**
 * Heights along the pole and positions along its line in the photo are related by a
 * one-dimensional projective map, s = (p·h + q) / (r·h + 1): exact for any pinhole camera, tilted
 * up or not (a level camera is the case r = 0). It is fitted to the stick's marks by least squares
 * in pixels (the clicks are what is uncertain; the typed heights are exact), started from the
 * linear solution and refined by Gauss-Newton.
 *
 * With the vertical vanishing point known (two vertical lines drawn by the user) the map's image
 * of h = ∞ is fixed, r = p·w where w = 1/s∞, so two marks are enough.
 */
import { leastSquares } from "./linear-solve";

export interface ProjectiveMap {
  p: number;
  q: number;
  r: number;
  /** Root mean square of the marks' residuals along the line, pixels (0 when exactly determined). */
  rmsPx: number;
  /** Residual degrees of freedom: marks minus parameters. */
  dof: number;
}

export interface Mark {
  /** Position along the pole's line, pixels. */
  s: number;
  heightM: number;
}

const ITERATIONS = 20;

export const positionAt = (m: ProjectiveMap, h: number): number => (m.p * h + m.q) / (m.r * h + 1);

/** The height at a position along the line; NaN when the position is beyond the vanishing point. */
export function heightAt(m: ProjectiveMap, s: number): number {
  const h = (s - m.q) / (m.p - m.r * s);
  return m.r * h + 1 > 0 ? h : Number.NaN;
}

/** The fitted map, or null when the marks cannot define one. `w`: 1/s∞ when the vanishing point is known. */
export function fitProjectiveMap(marks: readonly Mark[], w?: number): ProjectiveMap | null {
  const withVanishing = w !== undefined;
  const params = withVanishing ? 2 : 3;
  if (marks.length < params) return null;
  // The linear start: s·(r·h + 1) = p·h + q.
  const start = withVanishing
    ? leastSquares(
        marks.map(({ s, heightM: h }) => [h - w * h * s, 1]),
        marks.map((m) => m.s),
      )
    : leastSquares(
        marks.map(({ s, heightM: h }) => [h, 1, -h * s]),
        marks.map((m) => m.s),
      );
  if (!start) return null;
  let [p, q] = start as [number, number];
  let r = withVanishing ? p * w : start[2]!;
  for (let i = 0; i < ITERATIONS; i++) {
    const rows: number[][] = [];
    const residuals: number[] = [];
    for (const { s, heightM: h } of marks) {
      const d = r * h + 1;
      const f = (p * h + q) / d;
      residuals.push(s - f);
      // ∂f/∂p, ∂f/∂q, ∂f/∂r; with the vanishing point r = p·w moves with p.
      const dp = h / d;
      const dr = (-f * h) / d;
      rows.push(withVanishing ? [dp + w * dr, 1 / d] : [dp, 1 / d, dr]);
    }
    const step = leastSquares(rows, residuals);
    if (!step) return null;
    p += step[0]!;
    q += step[1]!;
    r = withVanishing ? p * w : r + step[2]!;
    if (Math.abs(step[0]!) < 1e-12 * Math.abs(p) && Math.abs(step[1]!) < 1e-9) break;
  }
  const map = { p, q, r, rmsPx: 0, dof: marks.length - params };
  if (![p, q, r].every(Number.isFinite) || Math.abs(p - r * q) < 1e-9 * Math.abs(p)) return null;
  // Every mark must sit on the near side of the vanishing point (h → ∞ is beyond them all).
  if (marks.some((m) => r * m.heightM + 1 <= 0)) return null;
  const sum = marks.reduce((acc, m) => acc + (m.s - positionAt(map, m.heightM)) ** 2, 0);
  map.rmsPx = map.dof > 0 ? Math.sqrt(sum / map.dof) : 0;
  return map;
}
