import { describe, expect, it } from "vitest";
import { cameraLookingAt, gaussian, project, prng, type Camera } from "../../test/pinhole";
import { measureHeights, type ReferenceMark } from "./heights";

const STICK_MARKS_M = [0, 2, 4, 6, 8];
const pole = (h: number) => [0, 0, h] as const;

function scene(random: () => number): Camera {
  return cameraLookingAt([0, 0, 0], {
    distance: 10 + 15 * random(),
    bearingDeg: 360 * random(),
    tiltDeg: 40 * random(),
  });
}

function marks(camera: Camera, heights: number[], jitter = () => 0): ReferenceMark[] {
  return heights.map((h) => {
    const [x, y] = project(camera, pole(h));
    return { at: [x + jitter(), y + jitter()], heightM: h };
  });
}

describe("heights from a stick's marks", () => {
  it("reads exact marks to within a millimetre up to 15 m, whatever the tilt", () => {
    const random = prng(7);
    const targets = [0.5, 3.3, 7.9, 9.1, 11.4, 13.2, 15];
    let worst = 0;
    for (let trial = 0; trial < 100; trial++) {
      const camera = scene(random);
      for (const heights of [STICK_MARKS_M, [0, 4, 8], [1, 2.5, 7]]) {
        const result = measureHeights({
          reference: marks(camera, heights),
          points: targets.map((h) => project(camera, pole(h))),
          clickSigmaPx: 2,
        });
        if (!result.ok) throw new Error(result.reason);
        result.points.forEach((p, i) => (worst = Math.max(worst, Math.abs(p.heightM - targets[i]!))));
      }
    }
    console.info(`heights, exact marks: worst error ${(worst * 1000).toFixed(4)} mm up to 15 m`);
    expect(worst).toBeLessThan(0.001);
  });

  it("keeps 90 % of heights up to 12 m within 7.6 cm with 2 px clicks, its uncertainty calibrated", () => {
    const random = prng(45);
    const noise = () => 2 * gaussian(random);
    const errors: number[] = [];
    const normalised: number[] = [];
    for (let trial = 0; trial < 400; trial++) {
      const camera = scene(random);
      const truth = 1 + 11 * random();
      const [x, y] = project(camera, pole(truth));
      const result = measureHeights({
        reference: marks(camera, STICK_MARKS_M, noise),
        points: [[x + noise(), y + noise()]],
        clickSigmaPx: 2,
      });
      if (!result.ok) throw new Error(result.reason);
      const error = Math.abs(result.points[0]!.heightM - truth);
      errors.push(error);
      normalised.push(error / result.points[0]!.uncertaintyM);
    }
    const share = (xs: number[], limit: number) => xs.filter((e) => e <= limit).length / xs.length;
    const within = share(errors, 0.076);
    const oneSigma = share(normalised, 1);
    const twoSigma = share(normalised, 2);
    console.info(
      `heights, 2 px clicks: ${(within * 100).toFixed(1)} % within 7.6 cm; ` +
        `median error ${(errors.sort((a, b) => a - b)[errors.length >> 1]! * 100).toFixed(1)} cm; ` +
        `coverage ${(oneSigma * 100).toFixed(0)} % within 1σ, ${(twoSigma * 100).toFixed(0)} % within 2σ`,
    );
    expect(within).toBeGreaterThanOrEqual(0.9);
    // A normal error lies within 1σ 68 % and within 2σ 95 % of the time.
    expect(oneSigma).toBeGreaterThan(0.55);
    expect(oneSigma).toBeLessThan(0.85);
    expect(twoSigma).toBeGreaterThan(0.88);
  });

  it("reads heights from two marks and the vertical vanishing point", () => {
    const random = prng(3);
    let worst = 0;
    for (let trial = 0; trial < 100; trial++) {
      const camera = scene(random);
      // Two other vertical lines: corners of a building 4 m either side of the pole.
      const vertical = (x: number) => [project(camera, [x, 3, 0]), project(camera, [x, 3, 10])] as const;
      const result = measureHeights({
        reference: marks(camera, [0, 8]),
        points: [project(camera, pole(12))],
        verticals: [vertical(-4), vertical(4)],
        clickSigmaPx: 2,
      });
      if (!result.ok) throw new Error(result.reason);
      worst = Math.max(worst, Math.abs(result.points[0]!.heightM - 12));
    }
    expect(worst).toBeLessThan(0.001);
  });

  it("says why marks cannot define the map", () => {
    const camera = cameraLookingAt([0, 0, 0], { distance: 15, bearingDeg: 0, tiltDeg: 20 });
    const point = [project(camera, pole(10))];
    const reason = (reference: ReferenceMark[]) => {
      const r = measureHeights({ reference, points: point, clickSigmaPx: 2 });
      return r.ok ? "ok" : r.reason;
    };
    expect(reason(marks(camera, [0, 4]))).toBe("too_few_marks");
    expect(reason(marks(camera, [4, 4, 4]))).toBe("marks_same_height");
    expect(reason([0, 1, 2].map((i) => ({ at: [2000 + i, 1500 + i], heightM: i })))).toBe("marks_too_close");
    // Heights typed in the wrong order: no projective map goes through them.
    const swapped = marks(camera, [0, 2, 4, 6, 8]).map((m, i) => ({ ...m, heightM: [0, 6, 4, 2, 8][i]! }));
    expect(reason(swapped)).toBe("marks_inconsistent");
  });
});
