import { describe, expect, it } from "vitest";
import { groupIntoRegions } from "../test/regions-oracle";
import {
  compareByDate,
  parseRegionKey,
  regionKey,
  roundToRegion,
  latestRisk,
  timelineFor,
  type RegionImage,
} from "./regions";

let seq = 0;
function img(partial: Partial<RegionImage> & { lon: number | null; lat: number | null }): RegionImage {
  seq += 1;
  return {
    id: partial.id ?? `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    date: partial.date === undefined ? "2024-01-01" : partial.date,
    created_at: partial.created_at ?? `2024-01-01T00:00:00.${String(seq).padStart(6, "0")}Z`,
    latitude: partial.lat,
    longitude: partial.lon,
    ...(partial.pole_id === undefined ? {} : { pole_id: partial.pole_id }),
    ...(partial.risk === undefined ? {} : { risk: partial.risk }),
  };
}

describe("roundToRegion / regionKey", () => {
  it("rounds like Math.round: halves go up, also below zero", () => {
    expect(roundToRegion(0.25)).toBe(0.3);
    expect(roundToRegion(-0.25)).toBe(-0.2);
    expect(roundToRegion(-0.15)).toBe(-0.1);
    expect(roundToRegion(0.04)).toBe(0);
    expect(roundToRegion(13.449)).toBe(13.4);
    expect(roundToRegion(180)).toBe(180);
    expect(roundToRegion(-180)).toBe(-180);
  });

  it("never yields -0, so keys and JSON agree", () => {
    expect(Object.is(roundToRegion(-0.05), 0)).toBe(true);
    expect(Object.is(roundToRegion(-0.04), 0)).toBe(true);
    expect(regionKey(-0.05, -0.04)).toBe("0,0");
  });

  it("makes 'lon,lat' keys that parse back", () => {
    expect(regionKey(13.404954, 52.520008)).toBe("13.4,52.5");
    expect(regionKey(-70.669265, -33.44889)).toBe("-70.7,-33.4");
    for (const key of ["13.4,52.5", "-180,-90", "180,90", "0,0", "-0.1,0.3"]) {
      expect(regionKey(parseRegionKey(key)!.longitude, parseRegionKey(key)!.latitude)).toBe(key);
    }
    for (const bad of ["", "1,2,3", "abc", "-0,0", "13.45,52.5", "181,0", "0,91", "1e1,0", " 1,2"]) {
      expect(parseRegionKey(bad), bad).toBeNull();
    }
  });
});

describe("compareByDate", () => {
  it("orders by date, undated last, then created_at, then id", () => {
    const a = img({ lon: 0, lat: 0, date: "2024-01-02", created_at: "2024-01-01T00:00:00.000001Z", id: "b" });
    const b = img({ lon: 0, lat: 0, date: "2024-01-02", created_at: "2024-01-01T00:00:00.000001Z", id: "a" });
    const c = img({ lon: 0, lat: 0, date: "2024-01-01", created_at: "2025-01-01T00:00:00.000000Z" });
    const d = img({ lon: 0, lat: 0, date: null, created_at: "2000-01-01T00:00:00.000000Z" });
    expect([d, a, b, c].sort(compareByDate)).toEqual([c, b, a, d]);
  });
});

describe("groupIntoRegions", () => {
  it("numbers regions by first appearance in the date-ascending list, whatever the input order", () => {
    const berlin1 = img({ lon: 13.40001, lat: 52.52, date: "2024-03-01" });
    const sydney = img({ lon: 151.21, lat: -33.87, date: "2024-01-15" });
    const berlin2 = img({ lon: 13.44, lat: 52.46, date: "2023-12-31" });
    const noGps = img({ lon: null, lat: 10, date: "2020-01-01" });
    const regions = groupIntoRegions([berlin1, sydney, noGps, berlin2]);
    expect(regions.map((r) => [r.name, r.id, r.count])).toEqual([
      ["Region 1", "13.4,52.5", 2],
      ["Region 2", "151.2,-33.9", 1],
    ]);
    expect(regions[0]).toMatchObject({
      longitude: 13.4,
      latitude: 52.5,
      bounds: { minLon: 13.40001, maxLon: 13.44, minLat: 52.46, maxLat: 52.52 },
    });
    expect(regions[0]!.images).toEqual([berlin2, berlin1]);
  });

  it("puts -0.05 and 0.04 in one region and -0.15 in the next one down", () => {
    const regions = groupIntoRegions([
      img({ lon: -0.05, lat: 0.04 }),
      img({ lon: 0.04, lat: -0.05 }),
      img({ lon: -0.15, lat: 0 }),
      img({ lon: -0.25, lat: 0 }),
    ]);
    expect(regions.map((r) => [r.id, r.count])).toEqual([
      ["0,0", 2],
      ["-0.1,0", 1],
      ["-0.2,0", 1],
    ]);
  });

  it("returns nothing for no photos with a position", () => {
    expect(groupIntoRegions([])).toEqual([]);
    expect(groupIntoRegions([img({ lon: null, lat: null })])).toEqual([]);
  });
});

describe("timelineFor", () => {
  it("lists photos at exactly the same spot, date ascending", () => {
    const late = img({ lon: 13.4, lat: 52.5, date: "2024-05-01" });
    const early = img({ lon: 13.4, lat: 52.5, date: "2022-05-01" });
    const near = img({ lon: 13.4000001, lat: 52.5, date: "2023-05-01" });
    const middle = img({ lon: 13.4, lat: 52.5, date: "2023-05-01" });
    expect(timelineFor([late, near, early, middle], late)).toEqual([early, middle, late]);
    expect(timelineFor([late, near], near)).toEqual([near]);
  });

  it("is just the photo when it has no position", () => {
    const lost = img({ lon: null, lat: null });
    expect(timelineFor([lost, img({ lon: null, lat: null })], lost)).toEqual([lost]);
  });

  it("joins the photos of one pole, wherever in its radius they were taken", () => {
    const a = img({ lon: 13.4, lat: 52.5, date: "2025-01-01", pole_id: "p1" });
    const b = img({ lon: 13.40005, lat: 52.50003, date: "2023-01-01", pole_id: "p1" });
    const c = img({ lon: 13.4, lat: 52.5, date: "2024-01-01", pole_id: "p2" });
    expect(timelineFor([a, b, c], a)).toEqual([b, a]);
    expect(timelineFor([a, b, c], c)).toEqual([c]);
  });
});

describe("latestRisk", () => {
  it("is the rating of the latest rated photo of a timeline, null when none is rated", () => {
    const rated = (date: string, risk: RegionImage["risk"]) => img({ lon: 1, lat: 1, date, risk });
    expect(
      latestRisk([rated("2023-01-01", "high"), rated("2024-01-01", "low"), rated("2025-01-01", null)]),
    ).toBe("low");
    expect(latestRisk([rated("2023-01-01", null)])).toBeNull();
    expect(latestRisk([])).toBeNull();
  });
});
