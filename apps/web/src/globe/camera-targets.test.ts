import { describe, expect, it } from "vitest";
import { overviewBox, regionCenter, returnsToOverview } from "./camera-targets";
import { region } from "../test/records";

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

describe("overviewBox", () => {
  it("is the whole world without regions", () => {
    expect(overviewBox([])).toEqual({ west: -180, south: -90, east: 180, north: 90 });
  });

  it("holds every region with at least half a degree around", () => {
    const box = overviewBox([
      region({ id: "13.4,52.5" }),
      region({ id: "13.6,52.4", bounds: { minLon: 13.55, minLat: 52.38, maxLon: 13.6, maxLat: 52.4 } }),
    ]);
    expect(box.west).toBeCloseTo(12.9);
    expect(box.east).toBeCloseTo(14.1);
    expect(box.south).toBeCloseTo(51.88);
    expect(box.north).toBeCloseTo(53.0);
  });

  it("never leaves the globe", () => {
    const box = overviewBox([region({ id: "179.9,89.9" }), region({ id: "-179.9,-89.9" })]);
    expect(box).toEqual({ west: -180, south: -90, east: 180, north: 90 });
  });
});

describe("returnsToOverview", () => {
  it("frames the overview again whenever a region is left, however high the camera is", () => {
    expect(returnsToOverview("region", "overview")).toBe(true);
  });

  it("leaves the camera alone otherwise", () => {
    // The overview set again (e.g. on a re-render) must not pull back a user browsing it.
    expect(returnsToOverview("overview", "overview")).toBe(false);
    expect(returnsToOverview("overview", "region")).toBe(false);
    expect(returnsToOverview("region", "region")).toBe(false);
  });
});
