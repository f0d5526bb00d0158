import { describe, expect, it } from "vitest";
import { parseCoordinates, searchGlobe } from "./search";
import { photo, region } from "../test/records";

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
  const photos = [
    photo({ id: "a", name: "pole-north.jpg", latitude: 1, longitude: 2 }),
    photo({ id: "b", name: "no-gps.jpg", latitude: null, longitude: null }),
  ];

  it("finds coordinates first", () => {
    expect(searchGlobe("48.85, 2.35", regions, photos)).toEqual([
      { kind: "coordinates", displayName: "48.85, 2.35", latitude: 48.85, longitude: 2.35 },
    ]);
  });

  it("finds a region by name, the exact name before longer ones", () => {
    const hits = searchGlobe("region 1", regions, photos);
    expect(hits[0]).toMatchObject({ kind: "region", id: "13.4,52.5", displayName: "Region 1" });
    expect(hits).toHaveLength(5);
    expect(searchGlobe("Region 3", regions, photos)[0]).toMatchObject({ id: "2.3,48.9" });
  });

  it("finds photos by name, only those with a position", () => {
    expect(searchGlobe("pole", regions, photos)).toEqual([
      { kind: "photo", id: "a", displayName: "pole-north.jpg", longitude: 2, latitude: 1 },
    ]);
    expect(searchGlobe("no-gps", regions, photos)).toEqual([]);
    expect(searchGlobe("   ", regions, photos)).toEqual([]);
  });
});
