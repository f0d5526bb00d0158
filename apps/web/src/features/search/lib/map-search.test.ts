import type { PoleSearchHit } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { poleMarkersOf, region } from "../../../test/records";
import { searchMap, type MapSearchSources } from "./map-search";

const regions = [
  region({ id: "13.4,52.5", name: "Region 1" }),
  region({ id: "11.6,48.1", name: "Region 2" }),
];
const hit: PoleSearchHit = {
  id: "p1",
  label: "P-1001",
  latitude: 48.137,
  longitude: 11.575,
  region_id: "11.6,48.1",
  photo_count: 2,
};

function sources(over: Partial<MapSearchSources> = {}): MapSearchSources {
  return { regions, poles: null, searchPoles: () => Promise.resolve([hit]), online: () => true, ...over };
}

describe("searchMap", () => {
  it("finds a pole of any region through the server, from the overview, with its region to open", async () => {
    expect(await searchMap("P-1001", sources())).toEqual([
      {
        kind: "pole",
        id: "p1",
        regionId: "11.6,48.1",
        displayName: "P-1001 · pole in Region 2",
        longitude: 11.575,
        latitude: 48.137,
      },
    ]);
  });

  it("lists regions before poles and stops at the limit", async () => {
    const hits = await searchMap("Region", sources(), 2);
    expect(hits.map((h) => h.displayName)).toEqual(["Region 1", "Region 2"]);
  });

  it("offline, finds the labels of the region on screen and says a place name needs the internet", async () => {
    const poles = poleMarkersOf([{ id: "a", label: "P-North", latitude: 52.5, longitude: 13.4 }]);
    const unreachable = () =>
      Promise.reject(new ApiError(0, "network_error", "The server could not be reached"));
    const offline = sources({ poles, searchPoles: unreachable });
    expect(await searchMap("p-north", offline)).toMatchObject([
      { kind: "pole", id: "a", regionId: "13.4,52.5" },
    ]);
    expect(await searchMap("Berlin", offline)).toEqual([
      { kind: "notice", displayName: "“Berlin”: searching places needs an internet connection" },
    ]);
    // The browser says it is offline: the server is not even asked.
    const asked: string[] = [];
    const noNetwork = sources({
      online: () => false,
      searchPoles: (q) => {
        asked.push(q);
        return Promise.resolve([hit]);
      },
    });
    expect(await searchMap("Berlin", noNetwork)).toMatchObject([{ kind: "notice" }]);
    expect(asked).toEqual([]);
  });

  it("online, a text nothing matches is simply not found, and coordinates need no server", async () => {
    expect(await searchMap("Berlin", sources({ searchPoles: () => Promise.resolve([]) }))).toEqual([]);
    expect(await searchMap("48.1, 11.5", sources({ online: () => false }))).toMatchObject([
      { kind: "coordinates", latitude: 48.1, longitude: 11.5 },
    ]);
  });
});
