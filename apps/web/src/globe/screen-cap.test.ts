import { describe, expect, it } from "vitest";
import { capOnScreen, COARSE_FACTOR, RISK_PRIORITY, type ScreenCandidate } from "./screen-cap";

const at = (x: number, y: number, priority = 0, coarse = false): ScreenCandidate => ({
  x,
  y,
  priority,
  coarse,
});
const apart = (a: ScreenCandidate, b: ScreenCandidate) => Math.hypot(a.x - b.x, a.y - b.y);

describe("capOnScreen", () => {
  it("draws one marker where markers crowd closer than its size, the one of highest priority", () => {
    const { low, high, unrated } = RISK_PRIORITY;
    expect(capOnScreen([at(1, 1, low), at(2, 2, high), at(3, 3, unrated)], 10)).toEqual([1]);
    expect(capOnScreen([at(2, 2, high), at(1, 1, low)], 10)).toEqual([0]);
    // One marker size apart: both drawn, touching but not covering each other's centre.
    expect(capOnScreen([at(1, 1), at(11, 1), at(1, 11)], 10)).toEqual([0, 1, 2]);
  });

  it("never lets a green pole hide a red one", () => {
    expect(RISK_PRIORITY.high).toBeGreaterThan(RISK_PRIORITY.medium);
    expect(RISK_PRIORITY.medium).toBeGreaterThan(RISK_PRIORITY.unrated);
    expect(RISK_PRIORITY.unrated).toBeGreaterThan(RISK_PRIORITY.low);
    // The green one comes first in the list and would block the red one if order decided.
    expect(capOnScreen([at(4, 4, RISK_PRIORITY.low), at(9, 4, RISK_PRIORITY.high)], 10)).toEqual([1]);
  });

  it("keeps the first of equal priorities (the same marker after every refresh)", () => {
    expect(capOnScreen([at(3, 3), at(1, 1), at(2, 2)], 10)).toEqual([0]);
  });

  it("caps off-screen and hidden-side candidates among themselves, at a wider distance", () => {
    // A coarse candidate never takes a seen marker's place…
    expect(capOnScreen([at(1, 1, 1, true), at(2, 2, 0)], 10)).toEqual([0, 1]);
    // …and keeps COARSE_FACTOR times the distance from other coarse ones.
    const wide = 10 * COARSE_FACTOR;
    expect(capOnScreen([at(0, 0, 0, true), at(wide - 1, 0, 1, true), at(wide - 1, 0, 0)], 10)).toEqual([
      1, 2,
    ]);
    expect(capOnScreen([at(0, 0, 0, true), at(wide, 0, 0, true)], 10)).toEqual([0, 1]);
  });

  it("draws the same markers after a pan that moves them all alike", () => {
    const points = Array.from({ length: 300 }, (_, i) => at((i * 37) % 97, (i * 53) % 89, i % 4));
    const panned = points.map((p) => ({ ...p, x: p.x + 5.5, y: p.y - 8.25 }));
    expect(capOnScreen(panned, 12)).toEqual(capOnScreen(points, 12));
  });

  it("keeps drawn markers a marker's size apart, bounded in number, none missing beside a lesser one", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const [w, h, d] = [1000, 800, 15];
    const points = Array.from({ length: 20_000 }, () =>
      at(random() * w, random() * h, Math.floor(random() * 4)),
    );
    const drawn = capOnScreen(points, d).map((i) => points[i]!);
    // Discs of radius d/2 around drawn markers do not overlap: their count is bounded by area.
    expect(drawn.length).toBeLessThanOrEqual(((w + d) * (h + d)) / ((Math.PI * d * d) / 4));
    expect(drawn.length).toBeGreaterThan(1000);
    const grid = new Map<string, ScreenCandidate[]>();
    const cell = (p: ScreenCandidate, dx = 0, dy = 0) =>
      `${Math.floor(p.x / d) + dx},${Math.floor(p.y / d) + dy}`;
    for (const p of drawn) grid.set(cell(p), [...(grid.get(cell(p)) ?? []), p]);
    const near = (p: ScreenCandidate) =>
      [-1, 0, 1].flatMap((dx) => [-1, 0, 1].flatMap((dy) => grid.get(cell(p, dx, dy)) ?? []));
    for (const p of drawn)
      for (const o of near(p)) if (o !== p) expect(apart(o, p)).toBeGreaterThanOrEqual(d);
    // Every marker left out has a drawn one of at least its priority closer than d.
    const drawnSet = new Set(drawn);
    for (const p of points) {
      if (drawnSet.has(p)) continue;
      expect(near(p).some((o) => apart(o, p) < d && o.priority >= p.priority)).toBe(true);
    }
  });

  it("skips positions that are not numbers and refuses a distance that is not positive", () => {
    expect(capOnScreen([at(NaN, 1), at(1, Infinity), at(1, 1)], 10)).toEqual([2]);
    expect(() => capOnScreen([at(1, 1)], 0)).toThrow(/distance/);
  });
});
