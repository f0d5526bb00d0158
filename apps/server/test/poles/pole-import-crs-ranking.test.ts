/**
 * Which systems a register that looks projected is offered first. Coordinates of a UTM zone fit
 * every zone of their hemisphere, and those of a national grid fit a few other countries' grids,
 * so the area of use alone cannot rank them: the systems utilities use come before small local
 * ones, and those that put the rows near the workspace's own poles come first of all. The rows
 * are GDAL's (gdaltransform) projection of known places.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";
import { registerIn, type Place } from "./crs-support";
import { imported } from "./import-support";

const t = useTestApp();

const VIENNA: Place[] = [
  { tag: "AT-1", lon: 16.3738, lat: 48.2082 },
  { tag: "AT-2", lon: 16.2, lat: 48.1 },
];
const ROME: Place[] = [
  { tag: "IT-1", lon: 12.4964, lat: 41.9028 },
  { tag: "IT-2", lon: 12.6, lat: 41.8 },
];
const LONDON: Place[] = [
  { tag: "GB-1", lon: -0.1276, lat: 51.5072 },
  { tag: "GB-2", lon: -1.2577, lat: 51.752 },
];
const BAY_AREA: Place[] = [
  { tag: "SF-1", lon: -122.4194, lat: 37.7749 },
  { tag: "SF-2", lon: -122.2711, lat: 37.8044 },
];

/** The workspace's pole at a place some kilometres from the rows, in WGS 84. */
async function poleNear(who: SignedInUser, lon: number, lat: number) {
  expect(await imported(t, who, `tag,lat,lon\nHOME,${lat},${lon}\n`)).toMatchObject({ created: 1 });
}

/** The codes offered for the places written in EPSG:`epsg`, with no system named. */
async function offered(who: SignedInUser, places: Place[], epsg: number): Promise<string[]> {
  const result = await imported(t, who, await registerIn(places, epsg, "csv"), "poles.csv", true);
  expect(result.rejected_count).toBe(places.length);
  expect(result.suggestedCrs!.length).toBeLessThanOrEqual(10);
  return result.suggestedCrs!.map((s) => s.code);
}

describe("systems offered for rows near the workspace's poles", () => {
  const vienna = useSignedInUser(t);
  const rome = useSignedInUser(t);
  const london = useSignedInUser(t);
  const bay = useSignedInUser(t);

  it("offers the UTM zone of rows in UTM 33N within the first three", async () => {
    await poleNear(vienna, 16.45, 48.25);
    await poleNear(rome, 12.45, 41.95);
    for (const [who, places] of [
      [vienna, VIENNA],
      [rome, ROME],
    ] as const) {
      const top = (await offered(who, places, 32633)).slice(0, 3);
      expect(
        top.some((c) => c === "EPSG:32633" || c === "EPSG:25833"),
        top.join(" "),
      ).toBe(true);
    }
  });

  it("offers the British National Grid first", async () => {
    await poleNear(london, -0.5, 51.6);
    expect((await offered(london, LONDON, 27700))[0]).toBe("EPSG:27700");
  });

  it("offers the state plane of rows in US feet first", async () => {
    await poleNear(bay, -122.3, 37.7);
    expect((await offered(bay, BAY_AREA, 2227))[0]).toBe("EPSG:2227");
  });
});

describe("systems offered in a workspace without poles", () => {
  const owner = useSignedInUser(t);

  it("offers UTM zones before small local systems for UTM rows", async () => {
    const codes = await offered(owner, VIENNA, 32633);
    const utm = /^EPSG:(326\d\d|327\d\d|258\d\d|2690\d|2691\d|2692[0-3]|2834\d|2835\d|78[45]\d)$/;
    expect(
      codes.slice(0, 3).every((c) => utm.test(c)),
      codes.join(" "),
    ).toBe(true);
  });

  it("offers the British National Grid among national grids, before any other system", async () => {
    const codes = await offered(owner, LONDON, 27700);
    expect(codes.slice(0, 4), codes.join(" ")).toContain("EPSG:27700");
  });

  it("still offers the state plane of rows in US feet", async () => {
    expect(await offered(owner, BAY_AREA, 2227)).toContain("EPSG:2227");
  });
});
