import { describe, expect, it } from "vitest";
import { leastAhead, MIN_DEPTH_M, type Ahead, type Normal } from "./least-squares-ahead";

/** The sum |p − target|²: its normal equations are p = target. */
const around = (east: number, north: number): Normal => ({ matrix: [1, 0, 1], rhs: [east, north] });
const north: Ahead = { direction: { east: 0, north: 1 }, from: { east: 0, north: 0 } };
const east: Ahead = { direction: { east: 1, north: 0 }, from: { east: 0, north: 0 } };

describe("the least point in front of the cameras", () => {
  it("keeps the plain minimum when it is in front of every camera", () => {
    const plain = { east: 3, north: 4 };
    expect(leastAhead(around(3, 4), plain, [north, east])).toBe(plain);
  });

  it("moves a minimum behind a camera onto the line MIN_DEPTH_M ahead of it", () => {
    // Nearest point of north ≥ 1 to (2, −3), worked by hand: straight up to (2, 1).
    const p = leastAhead(around(2, -3), { east: 2, north: -3 }, [north]);
    expect(p).toEqual({ east: 2, north: MIN_DEPTH_M });
  });

  it("stops at the corner where two cameras' lines cross", () => {
    // (−2, −3) behind both: the nearest point with east ≥ 1 and north ≥ 1 is the corner (1, 1).
    const p = leastAhead(around(-2, -3), { east: -2, north: -3 }, [north, east])!;
    expect(p.east).toBeCloseTo(1, 12);
    expect(p.north).toBeCloseTo(1, 12);
  });

  it("weighs the directions as the sum does", () => {
    // 4e² + n² about (0, −2), kept to north − east ≥ 1·√2 (a camera at the origin looking
    // north-west): on the line n = e + √2, 4e² + (e + √2 + 2)² is least at e = −(√2 + 2)/5.
    const diagonal: Ahead = {
      direction: { east: -Math.SQRT1_2, north: Math.SQRT1_2 },
      from: { east: 0, north: 0 },
    };
    const n: Normal = { matrix: [4, 0, 1], rhs: [0, -2] };
    const p = leastAhead(n, { east: 0, north: -2 }, [diagonal])!;
    const e = -(Math.SQRT2 + 2) / 5;
    expect(p.east).toBeCloseTo(e, 12);
    expect(p.north).toBeCloseTo(e + Math.SQRT2, 12);
  });

  it("finds nothing when no point stands in front of every camera", () => {
    const south: Ahead = { direction: { east: 0, north: -1 }, from: { east: 0, north: 0 } };
    expect(leastAhead(around(0, 0), { east: 0, north: 0 }, [north, south])).toBeNull();
  });
});
