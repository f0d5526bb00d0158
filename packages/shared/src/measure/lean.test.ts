import { describe, expect, it } from "vitest";
import { cameraLookingAt, gaussian, project, prng, type Camera, type Vec3 } from "../../test/pinhole";
import { measureLean, type LeanView } from "./lean";
import { focalLengthPx } from "./optics";

const rad = (d: number) => (d * Math.PI) / 180;

/** A point `along` metres up the axis of a pole leaning `leanDeg` toward `towardDeg`. */
function onAxis(leanDeg: number, towardDeg: number, along: number): Vec3 {
  const l = rad(leanDeg);
  const t = rad(towardDeg);
  return [along * Math.sin(l) * Math.sin(t), along * Math.sin(l) * Math.cos(t), along * Math.cos(l)];
}

function view(camera: Camera, leanDeg: number, towardDeg: number, bearing = camera.bearingDeg): LeanView {
  return {
    axis: [project(camera, onAxis(leanDeg, towardDeg, 0)), project(camera, onAxis(leanDeg, towardDeg, 6))],
    bearingDeg: bearing,
    focalPx: camera.focalPx,
    width: camera.width,
    height: camera.height,
  };
}

/** The photo turned `deg` about its centre: the camera rolled. */
const turned =
  (c: Camera, deg: number) =>
  (p: readonly [number, number]): [number, number] => {
    const [x, y] = [p[0] - c.width / 2, p[1] - c.height / 2];
    const r = rad(deg);
    return [
      c.width / 2 + x * Math.cos(r) - y * Math.sin(r),
      c.height / 2 + x * Math.sin(r) + y * Math.cos(r),
    ];
  };

const angleBetween = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

describe("a pole's lean", () => {
  it("finds the true lean within 0.5° and its direction within 10° from two views 60-120° apart", () => {
    const random = prng(11);
    let worstLean = 0;
    let worstToward = 0;
    for (let trial = 0; trial < 300; trial++) {
      const leanDeg = 2 + 13 * random();
      const towardDeg = 360 * random();
      const first = 360 * random();
      const cameras = [first, first + 60 + 60 * random()].map((bearing) => {
        // Aimed near the pole, not at it: the pole stands anywhere in the photo.
        const camera = cameraLookingAt([0, 0, 0], {
          distance: 10 + 10 * random(),
          bearingDeg: bearing,
          tiltDeg: 0,
        });
        return { ...camera, bearingDeg: bearing + 20 * (random() - 0.5) };
      });
      const result = measureLean(cameras.map((c) => view(c, leanDeg, towardDeg)));
      if (!result.ok) throw new Error(result.reason);
      worstLean = Math.max(worstLean, Math.abs(result.lean.degrees - leanDeg));
      worstToward = Math.max(worstToward, angleBetween(result.lean.towardDeg!, towardDeg));
      expect(result.lean.apparent).toBe(false);
    }
    console.info(
      `lean, exact marks: worst ${worstLean.toFixed(4)}° in lean, ${worstToward.toFixed(3)}° in direction`,
    );
    expect(worstLean).toBeLessThan(0.5);
    expect(worstToward).toBeLessThan(10);
  });

  it("stays within 0.5° and 10° for nine in ten poles with 2 px clicks on the axis", () => {
    const random = prng(23);
    const noise = () => 2 * gaussian(random);
    const leanErrors: number[] = [];
    const towardErrors: number[] = [];
    for (let trial = 0; trial < 300; trial++) {
      const leanDeg = 2 + 13 * random();
      const towardDeg = 360 * random();
      const first = 360 * random();
      const views = [first, first + 60 + 60 * random()].map((bearing) => {
        const camera = cameraLookingAt([0, 0, 0], {
          distance: 10 + 10 * random(),
          bearingDeg: bearing,
          tiltDeg: 0,
        });
        const v = view(camera, leanDeg, towardDeg);
        const jitter = (p: readonly [number, number]) => [p[0] + noise(), p[1] + noise()] as const;
        return { ...v, axis: [jitter(v.axis[0]), jitter(v.axis[1])] as const };
      });
      const result = measureLean(views);
      if (!result.ok) throw new Error(result.reason);
      leanErrors.push(Math.abs(result.lean.degrees - leanDeg));
      towardErrors.push(angleBetween(result.lean.towardDeg!, towardDeg));
    }
    const ninetieth = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
    console.info(
      `lean, 2 px clicks on a 6 m axis: 90 % within ${ninetieth(leanErrors).toFixed(2)}° of the lean ` +
        `and ${ninetieth(towardErrors).toFixed(1)}° of its direction`,
    );
    expect(ninetieth(leanErrors)).toBeLessThan(0.5);
    expect(ninetieth(towardErrors)).toBeLessThan(10);
  });

  it("gives the apparent lean across one view, the plumb line undoing the camera's roll", () => {
    const camera = cameraLookingAt([0, 0, 0], { distance: 15, bearingDeg: 0, tiltDeg: 0 });
    // Leaning 5° east: straight across the view of a camera looking north.
    const straight = measureLean([view(camera, 5, 90)]);
    expect(straight.ok && straight.lean.degrees).toBeCloseTo(5, 1);
    expect(straight.ok && straight.lean).toMatchObject({ towardDeg: null, apparent: true });

    // The same photo turned 3° about the camera's axis, with a plumb line in it.
    const turn = turned(camera, 3);
    const v = view(camera, 5, 90);
    const plumb = [project(camera, [1, 0, 0]), project(camera, [1, 0, 2])] as const;
    const rolled = measureLean([
      { ...v, axis: [turn(v.axis[0]), turn(v.axis[1])], plumb: [turn(plumb[0]), turn(plumb[1])] },
    ]);
    expect(rolled.ok && rolled.lean.degrees).toBeCloseTo(5, 1);
  });

  it("undoes the camera's roll in true leans too", () => {
    const leanDeg = 8;
    const towardDeg = 200;
    const views = [30, 120].map((bearing) => {
      const camera = cameraLookingAt([0, 0, 0], { distance: 12, bearingDeg: bearing, tiltDeg: 0 });
      const v = view(camera, leanDeg, towardDeg);
      const turn = turned(camera, -4);
      const plumb = [project(camera, [-1, 0, 0]), project(camera, [-1, 0, 2])] as const;
      return {
        ...v,
        axis: [turn(v.axis[0]), turn(v.axis[1])] as const,
        plumb: [turn(plumb[0]), turn(plumb[1])] as const,
      };
    });
    const result = measureLean(views);
    expect(result.ok && result.lean.degrees).toBeCloseTo(leanDeg, 1);
    expect(result.ok && angleBetween(result.lean.towardDeg!, towardDeg)).toBeLessThan(1);
  });

  it("refuses views too close in bearing, or without a bearing or focal length", () => {
    const cams = [0, 20].map((b) => cameraLookingAt([0, 0, 0], { distance: 12, bearingDeg: b, tiltDeg: 0 }));
    const views = cams.map((c) => view(c, 5, 45));
    expect(measureLean(views)).toEqual({ ok: false, reason: "views_too_close" });
    // Opposite sides of the pole see the same plane.
    const opposite = [0, 175].map((b) =>
      view(cameraLookingAt([0, 0, 0], { distance: 12, bearingDeg: b, tiltDeg: 0 }), 5, 45),
    );
    expect(measureLean(opposite)).toEqual({ ok: false, reason: "views_too_close" });
    expect(measureLean([views[0]!, { ...views[1]!, bearingDeg: null }])).toEqual({
      ok: false,
      reason: "missing_bearing",
      index: 1,
    });
    expect(measureLean([views[0]!, { ...views[1]!, focalPx: null }])).toEqual({
      ok: false,
      reason: "missing_focal_length",
      index: 1,
    });
    expect(
      measureLean([
        {
          ...views[0]!,
          axis: [
            [10, 10],
            [12, 20],
          ],
        },
      ]),
    ).toEqual({ ok: false, reason: "axis_too_short", index: 0 });
  });

  it("takes the focal length from the 35 mm equivalent, else the focal length and sensor width", () => {
    expect(focalLengthPx({ width: 4000, focalLength35mm: 26, focalLengthMm: 5.1 })).toBeCloseTo(2888.9, 1);
    expect(focalLengthPx({ width: 3000, focalLengthMm: 6, sensorWidthMm: 7.2 })).toBe(2500);
    expect(focalLengthPx({ width: 3000, focalLengthMm: 6 })).toBeNull();
  });
});
