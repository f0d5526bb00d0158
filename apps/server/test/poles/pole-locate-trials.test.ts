/**
 * Locating never refuses a good answer. In each of 500 seeded trials a pole stands at a known
 * place and four photos are taken 10–25 m from it, from anywhere within 140° of one direction
 * (one side of a street and along it); each camera's GPS is off by σ 3 m per axis and its compass
 * by σ 3°. The pole stands in front of every camera, so every trial must give an estimate, near
 * the truth. The plain least-squares meeting point of such rays falls behind a camera now and then
 * (the rays' lines cross behind it); the fit keeps the point in front of the cameras instead.
 * Photos turned away from each other are still refused.
 */
import { describe, expect, it } from "vitest";
import { fitRays, type Point, type Ray } from "../../src/modules/poles/locate/locate-math";
import { seeded } from "./locate-support";

const TRIALS = 500;
const ERRORS = { gpsM: 3, compassDeg: 3 };
const RAD = Math.PI / 180;
const bearing = (from: Point, to: Point) =>
  (((Math.atan2(to.east - from.east, to.north - from.north) / RAD) % 360) + 360) % 360;
/** Why the route would refuse this fit (it refuses any estimate behind a ray it used), or null. */
const refusal = (fit: ReturnType<typeof fitRays>) =>
  typeof fit === "string" ? fit : fit.rays.some((r) => r.used && !r.ahead) ? "behind" : null;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

describe("locating from four noisy photos", () => {
  it("answers every one of 500 trials with the pole in front of the cameras", () => {
    const random = seeded(7_2026);
    const errors: number[] = [];
    const refused: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const pole = { east: random.next() * 100 - 50, north: random.next() * 100 - 50 };
      const side = random.next() * 360;
      const rays: Ray[] = Array.from({ length: 4 }, (_, i) => {
        const from = side + (random.next() - 0.5) * 140;
        const range = 10 + random.next() * 15;
        const camera = {
          east: pole.east + range * Math.sin(from * RAD),
          north: pole.north + range * Math.cos(from * RAD),
        };
        return {
          id: String(i),
          from: {
            east: camera.east + random.normal(ERRORS.gpsM),
            north: camera.north + random.normal(ERRORS.gpsM),
          },
          bearingDeg: bearing(camera, pole) + random.normal(ERRORS.compassDeg),
        };
      });
      const fit = fitRays(rays, ERRORS);
      const why = refusal(fit);
      if (why || typeof fit === "string") refused.push(`trial ${trial}: ${why}`);
      else errors.push(Math.hypot(fit.at.east - pole.east, fit.at.north - pole.north));
    }
    const median = quantile(errors, 0.5);
    const p95 = quantile(errors, 0.95);
    console.info(
      `locate over ${TRIALS} trials: ${refused.length} refused, median error ${median.toFixed(2)} m, ` +
        `95th percentile ${p95.toFixed(2)} m`,
    );
    expect(refused).toEqual([]);
    expect(median).toBeLessThan(4);
    expect(p95).toBeLessThan(12);
  });

  it("still refuses rays that turn away from each other", () => {
    // Two cameras 19 m apart looking out at 60° either side of north: their lines cross 5.5 m
    // behind them, and any point in front of both lies far off one ray or the other.
    const apart: Ray[] = [
      { id: "a", from: { east: -9.5, north: 0 }, bearingDeg: 300 },
      { id: "b", from: { east: 9.5, north: 0 }, bearingDeg: 60 },
    ];
    expect(refusal(fitRays(apart, ERRORS))).toBe("behind");
    // Back to back: the only points in front of both lie 60 m and more to the side of them.
    const backToBack: Ray[] = [
      { id: "a", from: { east: 0, north: 0 }, bearingDeg: 180 },
      { id: "b", from: { east: 0, north: 10 }, bearingDeg: 10 },
    ];
    expect(refusal(fitRays(backToBack, ERRORS))).toBe("behind");
  });
});
