import { describe, expect, it } from "vitest";
import { parseCoordinates, searchGlobe } from "./local-search";
import { poleMarkersOf, region } from "../../../test/records";

describe("parseCoordinates", () => {
  it("reads 'lat, lon' with signs, spaces or semicolons", () => {
    expect(parseCoordinates("52.52, 13.405")).toEqual({ latitude: 52.52, longitude: 13.405 });
    expect(parseCoordinates(" -33.8688 ;151.2093 ")).toEqual({ latitude: -33.8688, longitude: 151.2093 });
    expect(parseCoordinates("40.7 -74")).toEqual({ latitude: 40.7, longitude: -74 });
  });

  it("refuses out-of-range or non-numeric text", () => {
    expect(parseCoordinates("91, 0")).toBeUndefined();
    expect(parseCoordinates("0, 181")).toBeUndefined();
    expect(parseCoordinates("Region 3")).toBeUndefined();
    expect(parseCoordinates("52.5")).toBeUndefined();
  });
});

describe("searchGlobe", () => {
  const regions = [
    region({ id: "13.4,52.5", name: "Region 1" }),
    region({ id: "2.3,48.9", name: "Region 3" }),
    ...Array.from({ length: 12 }, (_, i) => region({ id: `${i},0`, name: `Region ${10 + i}` })),
  ];
  const poles = poleMarkersOf([
    { id: "a", label: "P-North", latitude: 1, longitude: 2 },
    { id: "b", label: "", latitude: 3, longitude: 4 },
  ]);

  it("finds coordinates first", () => {
    expect(searchGlobe("48.85, 2.35", regions, poles)).toEqual([
      { kind: "coordinates", displayName: "48.85, 2.35", latitude: 48.85, longitude: 2.35 },
    ]);
  });

  it("finds a region by name, the exact name before longer ones", () => {
    const hits = searchGlobe("region 1", regions, poles);
    expect(hits[0]).toMatchObject({ kind: "region", id: "13.4,52.5", displayName: "Region 1" });
    expect(hits).toHaveLength(5);
    expect(searchGlobe("Region 3", regions, poles)[0]).toMatchObject({ id: "2.3,48.9" });
  });

  it("finds the region's poles by their labels", () => {
    expect(searchGlobe("p-north", regions, poles)).toEqual([
      { kind: "pole", id: "a", regionId: "2,1", displayName: "P-North", longitude: 2, latitude: 1 },
    ]);
    expect(searchGlobe("P-", regions, null)).toEqual([]);
    expect(searchGlobe("   ", regions, poles)).toEqual([]);
  });

  it("finds the region's poles by their tags, the exact tag before those it begins", () => {
    const tagged = poleMarkersOf([
      { id: "x", tag: "LIV-100", label: "Mill", latitude: 1, longitude: 2 },
      { id: "y", tag: "LIV-10", latitude: 3, longitude: 4 },
      { id: "z", tag: "", label: "old LIV-10 stump", latitude: 5, longitude: 6 },
    ]);
    expect(searchGlobe("liv-10", [], tagged).map((h) => [h.kind, "id" in h && h.id, h.displayName])).toEqual([
      ["pole", "y", "LIV-10"],
      ["pole", "x", "LIV-100 (Mill)"],
      ["pole", "z", "old LIV-10 stump"],
    ]);
  });
});
