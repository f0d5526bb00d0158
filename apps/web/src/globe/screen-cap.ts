/**
 * The capping rule for dense marker views, pure (no Cesium) so it runs in unit tests: of the
 * markers that fall in one screen cell of about a marker's size, only the one that matters most
 * is drawn. The software renderer's frame cost is filling pixels and shading vertices: 100k poles
 * seen from 3000 m put ~12,000 overlapping discs on screen, of which a user can tell apart at most
 * one per marker-sized cell anyway.
 */
import type { RiskKey } from "./markers";

export interface ScreenCandidate {
  /** Canvas position in CSS pixels (may lie outside the canvas: see `coarse`). */
  x: number;
  y: number;
  /** Higher wins its cell; equal priorities keep the first candidate (a stable choice). */
  priority: number;
  /**
   * Off screen or behind the globe: not seen now, drawn only so that a pan or a turn of the
   * globe does not start from empty space; capped on a grid of twice the cell size, apart from
   * the seen ones so it never takes a seen marker's place.
   */
  coarse?: boolean;
}

/** Coarse candidates share cells this many times bigger (a quarter of the density). */
export const COARSE_FACTOR = 2;

/**
 * Indexes of the candidates to draw: per cell of `cellPx` × `cellPx` pixels the one of highest
 * priority. `origin` anchors the grid: when it is the screen position of a fixed point on the
 * ground, a pan moves the cells with the ground and the same markers stay drawn. O(n), no sort.
 */
export function capPerScreenCell(
  candidates: readonly ScreenCandidate[],
  cellPx: number,
  origin: { x: number; y: number } = { x: 0, y: 0 },
): number[] {
  if (!(cellPx > 0)) throw new Error(`cell size must be positive, got ${cellPx}`);
  const best = new Map<number, number>();
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    if (!Number.isFinite(c.x) || !Number.isFinite(c.y)) continue;
    const size = c.coarse ? cellPx * COARSE_FACTOR : cellPx;
    const cx = Math.floor((c.x - origin.x) / size);
    const cy = Math.floor((c.y - origin.y) / size);
    // A number, not a string: this runs over tens of thousands of candidates after each move.
    const key = ((cx + 1e6) * 4e6 + (cy + 1e6)) * 2 + (c.coarse ? 1 : 0);
    const held = best.get(key);
    if (held === undefined || c.priority > candidates[held]!.priority) best.set(key, i);
  }
  return [...best.values()].sort((a, b) => a - b);
}

/**
 * Which pole wins a crowded cell: the highest risk, so an asset owner never loses a red pole
 * behind a green one. A pole not yet rated comes before a Low one: it may be anything, a green
 * one is known to be fine.
 */
export const RISK_PRIORITY: Record<RiskKey, number> = { high: 3, medium: 2, unrated: 1, low: 0 };
