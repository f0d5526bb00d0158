import { describe, expect, it } from "vitest";
import {
  heightToShow,
  lensOf,
  middleOf,
  overviewReturnHeight,
  overviewTarget,
  regionCenter,
  regionTarget,
} from "./camera-targets";
import { region } from "../test/records";

/** Cesium's default 60° lens on a 1440 × 900 desktop canvas and a 390 × 780 phone one, no margin. */
const DESKTOP = lensOf(Math.PI / 3, 1440, 900, { x: 0, y: 0 });
const PHONE = lensOf(Math.PI / 3, 390, 780, { x: 0, y: 0 });

/** Where a point appears for a straight-down camera (north up), as a share of the half canvas. */
function onCanvas(
  camera: { longitude: number; latitude: number; height: number },
  point: { longitude: number; latitude: number },
  lens: { tanX: number; tanY: number },
) {
  const R = 6_371_008;
  const rad = (d: number) => (d * Math.PI) / 180;
  const unit = (lon: number, lat: number) => [
    Math.cos(rad(lat)) * Math.cos(rad(lon)),
    Math.cos(rad(lat)) * Math.sin(rad(lon)),
    Math.sin(rad(lat)),
  ];
  const c = unit(camera.longitude, camera.latitude);
  const p = unit(point.longitude, point.latitude);
  const flat = Math.hypot(c[0]!, c[1]!);
  const east = [-c[1]! / flat, c[0]! / flat, 0];
  const north = [-c[2]! * east[1]!, c[2]! * east[0]!, c[0]! * east[1]! - c[1]! * east[0]!];
  const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  const depth = R + camera.height - R * dot(p, c);
  return { x: (R * dot(p, east)) / depth / lens.tanX, y: (R * dot(p, north)) / depth / lens.tanY };
}

describe("regionCenter", () => {
  it("is the middle of the region's photos", () => {
    const r = region({
      id: "13.4,52.5",
      bounds: { minLon: 13.36, minLat: 52.46, maxLon: 13.44, maxLat: 52.5 },
    });
    const c = regionCenter(r);
    expect(c.longitude).toBeCloseTo(13.4, 10);
    expect(c.latitude).toBeCloseTo(52.48, 10);
  });
});

describe("lensOf", () => {
  it("spans the 60° across the longer side, and keeps the margins free", () => {
    expect(DESKTOP.tanX).toBeCloseTo(Math.tan(Math.PI / 6));
    expect(DESKTOP.tanY).toBeCloseTo(Math.tan(Math.PI / 6) * (900 / 1440));
    expect(PHONE.tanY).toBeCloseTo(Math.tan(Math.PI / 6));
    const kept = lensOf(Math.PI / 3, 400, 800, { x: 100, y: 200 });
    expect(kept.tanX).toBeCloseTo(PHONE.tanX * (400 / 390) * 0.5);
    expect(kept.tanY).toBeCloseTo(Math.tan(Math.PI / 6) * 0.5);
  });
});

describe("overviewTarget", () => {
  it("keeps the globe's default view without regions", () => {
    expect(overviewTarget([], DESKTOP, 3000)).toBeUndefined();
  });

  it("shows regions in Italy and in Sydney together, in front of the globe's edge", () => {
    const regions = [
      region({ id: "12.5,41.9", bounds: { minLon: 12.46, minLat: 41.86, maxLon: 12.5, maxLat: 41.9 } }),
      region({ id: "151.2,-33.9", bounds: { minLon: 151.2, minLat: -33.9, maxLon: 151.22, maxLat: -33.87 } }),
    ];
    for (const lens of [DESKTOP, PHONE]) {
      const target = overviewTarget(regions, lens, 3000)!;
      for (const r of regions) {
        const at = onCanvas(target, r, lens);
        expect(Math.abs(at.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(at.y)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("frames one small region from no closer than the region zoom height, the region in the middle", () => {
    const lone = region({ id: "13.4,52.5" });
    const target = overviewTarget([lone], DESKTOP, 3000)!;
    expect(target.height).toBe(3000);
    expect(target.longitude).toBeCloseTo(13.4);
    expect(target.latitude).toBeCloseTo(52.5);
  });
});

describe("regionTarget", () => {
  it("looks down from the region zoom height where the poles fit", () => {
    const r = region({
      id: "13.4,52.5",
      bounds: { minLon: 13.4, minLat: 52.5, maxLon: 13.41, maxLat: 52.505 },
    });
    const target = regionTarget(r, DESKTOP, 3000);
    expect(target.height).toBe(3000);
    expect(target.longitude).toBeCloseTo(13.405, 10);
    expect(target.latitude).toBeCloseTo(52.5025, 10);
  });

  it("goes as high as the poles need, all of them inside the canvas", () => {
    // Poles 3 km apart: at 3000 m a phone shows ~1.6 km across.
    const r = region({
      id: "13.4,52.5",
      bounds: { minLon: 13.38, minLat: 52.49, maxLon: 13.42, maxLat: 52.51 },
    });
    for (const lens of [DESKTOP, PHONE]) {
      const target = regionTarget(r, lens, 3000);
      expect(target.height).toBeGreaterThan(3000);
      const corner = onCanvas(target, { longitude: 13.42, latitude: 52.51 }, lens);
      expect(Math.max(Math.abs(corner.x), Math.abs(corner.y))).toBeCloseTo(1, 2);
    }
  });
});

describe("heightToShow", () => {
  it("gives up at the farthest zoom for points on opposite sides of the globe", () => {
    const points = [
      { longitude: 0, latitude: 0 },
      { longitude: 180, latitude: 0 },
    ];
    expect(heightToShow(middleOf(points), points, DESKTOP, 3000, 25_000_000)).toBe(25_000_000);
  });
});

describe("overviewReturnHeight", () => {
  it("is the spec's limit unless the region's own view is nearly as high", () => {
    expect(overviewReturnHeight(10_000, 3000)).toBe(10_000);
    expect(overviewReturnHeight(10_000, undefined)).toBe(10_000);
    expect(overviewReturnHeight(10_000, 18_000)).toBe(27_000);
  });
});
