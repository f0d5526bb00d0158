import { describe, expect, it } from "vitest";
import { capPerScreenCell, COARSE_FACTOR, RISK_PRIORITY, type ScreenCandidate } from "./screen-cap";

const at = (x: number, y: number, priority = 0, coarse = false): ScreenCandidate => ({
  x,
  y,
  priority,
  coarse,
});

describe("capPerScreenCell", () => {
  it("draws one marker per cell, the one of highest priority wherever it is in the list", () => {
    const { low, high, unrated } = RISK_PRIORITY;
    expect(capPerScreenCell([at(1, 1, low), at(2, 2, high), at(3, 3, unrated)], 10)).toEqual([1]);
    expect(capPerScreenCell([at(2, 2, high), at(1, 1, low)], 10)).toEqual([0]);
    // Neighbouring cells keep their own markers.
    expect(capPerScreenCell([at(1, 1), at(11, 1), at(1, 11)], 10)).toEqual([0, 1, 2]);
  });

  it("never lets a green pole hide a red one", () => {
    expect(RISK_PRIORITY.high).toBeGreaterThan(RISK_PRIORITY.medium);
    expect(RISK_PRIORITY.medium).toBeGreaterThan(RISK_PRIORITY.unrated);
    expect(RISK_PRIORITY.unrated).toBeGreaterThan(RISK_PRIORITY.low);
    const red = at(5, 5, RISK_PRIORITY.high);
    expect(capPerScreenCell([at(4, 4, RISK_PRIORITY.low), red], 10)).toEqual([1]);
  });

  it("keeps the first of equal priorities (the same marker after every refresh)", () => {
    expect(capPerScreenCell([at(3, 3), at(1, 1), at(2, 2)], 10)).toEqual([0]);
  });

  it("caps off-screen and hidden-side candidates on their own, coarser grid", () => {
    // A coarse candidate never takes a seen marker's cell…
    expect(capPerScreenCell([at(1, 1, 0, true), at(2, 2, 0)], 10)).toEqual([0, 1]);
    // …and shares cells COARSE_FACTOR times as big with other coarse ones.
    const step = 10 * COARSE_FACTOR;
    expect(
      capPerScreenCell([at(1, 1, 0, true), at(step - 1, step - 1, 1, true), at(step + 1, 1, 0, true)], 10),
    ).toEqual([1, 2]);
  });

  it("anchors the grid on the origin: a pan that moves markers and origin alike draws the same ones", () => {
    const points = Array.from({ length: 200 }, (_, i) => at((i * 37) % 97, (i * 53) % 89, i % 4));
    const drawn = capPerScreenCell(points, 12, { x: 3, y: 7 });
    const panned = points.map((p) => ({ ...p, x: p.x + 5.5, y: p.y - 8.25 }));
    expect(capPerScreenCell(panned, 12, { x: 8.5, y: -1.25 })).toEqual(drawn);
  });

  it("bounds what is drawn by the cells while leaving no occupied cell empty", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const [w, h, cell] = [1000, 800, 15];
    const points = Array.from({ length: 20_000 }, () =>
      at(random() * w, random() * h, Math.floor(random() * 4)),
    );
    const drawn = capPerScreenCell(points, cell);
    const cellOf = (p: ScreenCandidate) => `${Math.floor(p.x / cell)},${Math.floor(p.y / cell)}`;
    const occupied = new Set(points.map(cellOf));
    expect(drawn.length).toBe(occupied.size);
    expect(drawn.length).toBeLessThanOrEqual(Math.ceil(w / cell) * Math.ceil(h / cell));
    expect(new Set(drawn.map((i) => cellOf(points[i]!))).size).toBe(drawn.length);
    // Each drawn marker has the highest priority of its cell.
    const best = new Map<string, number>();
    for (const p of points) best.set(cellOf(p), Math.max(best.get(cellOf(p)) ?? -1, p.priority));
    for (const i of drawn) expect(points[i]!.priority).toBe(best.get(cellOf(points[i]!)));
  });

  it("skips positions that are not numbers and refuses a cell size that is not positive", () => {
    expect(capPerScreenCell([at(NaN, 1), at(1, Infinity), at(1, 1)], 10)).toEqual([2]);
    expect(() => capPerScreenCell([at(1, 1)], 0)).toThrow(/cell size/);
  });
});
