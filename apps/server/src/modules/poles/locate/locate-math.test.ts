import { describe, expect, it } from "vitest";
import { fitRays, focalPixels, markBearing, radius90, toLocal, type Ray } from "./locate-math";

const errors = { gpsM: 3, compassDeg: 3 };
const bearingTo = (from: { east: number; north: number }, to: { east: number; north: number }) =>
  ((Math.atan2(to.east - from.east, to.north - from.north) * 180) / Math.PI + 360) % 360;
const pole = { east: 2, north: 5 };
const cameras = [-9, -3, 4, 10].map((east, i) => ({ id: `c${i}`, from: { east, north: -8 } }));
const exact: Ray[] = cameras.map((c) => ({ ...c, bearingDeg: bearingTo(c.from, pole) }));

describe("locate geometry", () => {
  it("meets exact rays at the pole", () => {
    const fit = fitRays(exact, errors);
    if (typeof fit === "string") throw new Error(fit);
    expect(fit.at.east).toBeCloseTo(2, 6);
    expect(fit.at.north).toBeCloseTo(5, 6);
    expect(fit.leftOut).toEqual([]);
    expect(fit.rays.every((r) => r.used && r.residualM < 1e-6)).toBe(true);
  });

  it("leaves out a ray of another pole and says so", () => {
    // The pole before it, up the street: its ray passes 16 m from this one (5 of its σ).
    const wrong = { ...exact[1]!, bearingDeg: bearingTo(exact[1]!.from, { east: -40, north: 5 }) };
    const fit = fitRays([exact[0]!, wrong, exact[2]!, exact[3]!], errors);
    if (typeof fit === "string") throw new Error(fit);
    expect(fit.leftOut).toEqual(["c1"]);
    expect(Math.hypot(fit.at.east - 2, fit.at.north - 5)).toBeLessThan(1e-6);
    expect(fit.rays.find((r) => r.id === "c1")).toMatchObject({ used: false });
  });

  it("refuses one ray, and parallel rays", () => {
    expect(fitRays(exact.slice(0, 1), errors)).toBe("too_few");
    const parallel = [exact[0]!, { ...exact[0]!, id: "twin", from: { east: -9.5, north: -8 } }];
    expect(fitRays(parallel, errors)).toBe("parallel");
  });

  it("places the pole from one ray and a measured distance", () => {
    const c = exact[2]!;
    const distanceM = Math.hypot(pole.east - c.from.east, pole.north - c.from.north);
    const fit = fitRays([{ ...c, distanceM }], errors);
    if (typeof fit === "string") throw new Error(fit);
    expect(fit.at.east).toBeCloseTo(2, 6);
    expect(fit.at.north).toBeCloseTo(5, 6);
  });

  it("grows the uncertainty as the rays turn parallel", () => {
    const wide = fitRays([exact[0]!, exact[3]!], errors);
    const narrow = fitRays([exact[1]!, exact[2]!], errors);
    if (typeof wide === "string" || typeof narrow === "string") throw new Error("no fit");
    expect(narrow.uncertaintyM).toBeGreaterThan(wide.uncertaintyM);
  });

  it("gives the 90 % radius of a circle and of a line", () => {
    // Circular: sqrt(-2 ln 0.1) σ; all along one axis: 1.645 σ.
    expect(radius90([4, 0, 4])).toBeCloseTo(2 * Math.sqrt(-2 * Math.log(0.1)), 2);
    expect(radius90([4, 0, 1e-10])).toBeCloseTo(2 * 1.6449, 2);
  });

  it("turns a mark into a bearing from the 35 mm focal length or the sensor's size", () => {
    const optics = { width: 600, height: 400, focalLength35mm: 36, focalLengthMm: null, sensorWidthMm: null };
    // f = W for a 36 mm equivalent on a 3:2 photo: the right edge is atan(1/2) off the centre.
    expect(focalPixels(optics)).toBeCloseTo(600, 6);
    expect(markBearing(350, 600, 600, 600)).toBeCloseTo(16.5651, 4);
    expect(markBearing(10, 0, 600, 600)).toBeCloseTo(343.4349, 4);
    expect(focalPixels({ ...optics, focalLength35mm: null, focalLengthMm: 4, sensorWidthMm: 6 })).toBeCloseTo(
      400,
      6,
    );
    expect(focalPixels({ ...optics, focalLength35mm: null, focalLengthMm: 4 })).toBeNull();
  });

  it("maps degrees to metres and back around the pole", () => {
    const local = toLocal({ latitude: 47.5, longitude: 8.7 });
    const p = local.point(47.5001, 8.7001);
    expect(p.north).toBeCloseTo(11.12, 1);
    expect(local.place(p).latitude).toBeCloseTo(47.5001, 10);
    expect(local.place(p).longitude).toBeCloseTo(8.7001, 10);
  });
});
