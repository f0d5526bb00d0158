/**
 * The capping rule for dense marker views, pure (no Cesium) so it runs in unit tests: where
 * markers crowd closer than a marker's size on screen, only the one that matters most is drawn. The software renderer's frame cost is filling pixels and shading vertices: 100k poles
 * seen from 3000 m put ~12,000 overlapping discs on screen, of which a user can tell apart at most
 * one per marker-sized cell anyway.
 */
import type { RiskKey } from "./markers";

export interface ScreenCandidate {
  /** Canvas position in CSS pixels (may lie outside the canvas: see `coarse`). */
  x: number;
  y: number;
  /** Higher is drawn first; equal priorities keep the list's order (a stable choice). */
  priority: number;
  /**
   * Off screen or behind the globe: not seen now, drawn only so that a pan or a turn of the
   * globe does not start from empty space; capped at COARSE_FACTOR times the distance, apart
   * from the seen ones so it never takes a seen marker's place.
   */
  coarse?: boolean;
}

/** Coarse candidates keep this many times the distance (a quarter of the density). */
export const COARSE_FACTOR = 2;

/**
 * Indexes of the candidates to draw, most important first: a candidate is drawn unless one drawn
 * before it lies closer than `minPx` (a marker's size on screen). So no drawn marker covers
 * another's centre (a click aimed at a marker finds that marker), at most one is drawn per
 * `minPx` cell, and a crowded spot shows its highest priority. Ties go to the earlier candidate,
 * and only distances count, so a pan (everything moved alike) draws the same markers. A grid of
 * `minPx` cells keeps the neighbour search to 3 × 3 cells.
 */
export function capOnScreen(candidates: readonly ScreenCandidate[], minPx: number): number[] {
  if (!(minPx > 0)) throw new Error(`minimum distance must be positive, got ${minPx}`);
  const order: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    if (Number.isFinite(c.x) && Number.isFinite(c.y)) order.push(i);
  }
  order.sort((a, b) => candidates[b]!.priority - candidates[a]!.priority || a - b);
  const grids = [new Map<number, number[]>(), new Map<number, number[]>()];
  // A number, not a string: this runs over tens of thousands of candidates after each move.
  const key = (cx: number, cy: number) => (cx + 1e6) * 4e6 + (cy + 1e6);
  const out: number[] = [];
  for (const i of order) {
    const c = candidates[i]!;
    const d = c.coarse ? minPx * COARSE_FACTOR : minPx;
    const grid = grids[c.coarse ? 1 : 0]!;
    const [cx, cy] = [Math.floor(c.x / d), Math.floor(c.y / d)];
    let free = true;
    for (let dx = -1; dx <= 1 && free; dx++) {
      for (let dy = -1; dy <= 1 && free; dy++) {
        for (const j of grid.get(key(cx + dx, cy + dy)) ?? []) {
          const o = candidates[j]!;
          if ((o.x - c.x) ** 2 + (o.y - c.y) ** 2 < d * d) {
            free = false;
            break;
          }
        }
      }
    }
    if (!free) continue;
    const k = key(cx, cy);
    const held = grid.get(k);
    if (held) held.push(i);
    else grid.set(k, [i]);
    out.push(i);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Which pole wins a crowded cell: the highest risk, so an asset owner never loses a red pole
 * behind a green one. A pole not yet rated comes before a Low one: it may be anything, a green
 * one is known to be fine.
 */
export const RISK_PRIORITY: Record<RiskKey, number> = { high: 3, medium: 2, unrated: 1, low: 0 };
