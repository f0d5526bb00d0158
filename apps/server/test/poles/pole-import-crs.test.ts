/**
 * Registers in another coordinate system than WGS 84: a CSV with its `crs` named by the request,
 * a GeoJSON with its own `crs` member. Every pole lands within 0.5 m of GDAL's reading of the same
 * file, in US feet (a State Plane zone), metres (a UTM zone) and a national grid whose datum GDAL
 * shifts without its grid file here (the British National Grid). Rows that look projected while
 * no system was given are refused with the likely systems; an unknown system is a 400.
 */
import { describe, expect, it } from "vitest";
import { crsListSchema, poleImportTexts } from "@poleatlas/shared";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { gdalPlaces, metres, registerIn, type Place } from "./crs-support";
import { importFile, imported, polesOf } from "./import-support";
import { shapefileOf, zipShapefile } from "./shapefile-support";

const t = useTestApp();

const BAY_AREA: Place[] = [
  { tag: "SF-1", lon: -122.4194, lat: 37.7749 },
  { tag: "SF-2", lon: -122.2711, lat: 37.8044 },
  { tag: "SF-3", lon: -121.8863, lat: 37.3382 },
];
const LONDON: Place[] = [
  { tag: "GB-1", lon: -0.1276, lat: 51.5072 },
  { tag: "GB-2", lon: -1.2577, lat: 51.752 },
];
const VIENNA: Place[] = [
  { tag: "AT-1", lon: 16.3738, lat: 48.2082 },
  { tag: "AT-2", lon: 15.4395, lat: 47.0707 },
];

describe("importing a register in another coordinate system", () => {
  const owner = useSignedInUser(t);

  for (const [epsg, places, format] of [
    [2227, BAY_AREA, "csv"],
    [32633, VIENNA, "csv"],
    [27700, LONDON, "csv"],
    [2227, BAY_AREA, "geojson"],
  ] as const) {
    it(`places a ${format} in EPSG:${epsg} within 0.5 m of GDAL`, async () => {
      const ours = places.map((p) => ({ ...p, tag: `${format}-${p.tag}` }));
      const file = await registerIn(ours, epsg, format);
      const gdal = await gdalPlaces(file, epsg, format);
      // A GeoJSON names its system itself; a CSV's comes with the request.
      const fields = format === "csv" ? { crs: `EPSG:${epsg}` } : undefined;
      const dry = await imported(t, owner, file, `poles.${format}`, true, fields);
      expect(dry).toMatchObject({ created: ours.length, rejected: [] });
      expect(dry.crs?.code).toBe(`EPSG:${epsg}`);
      expect(dry.sample).toHaveLength(ours.length);
      expect(dry.area).toEqual(dry.bounds);
      const result = await imported(t, owner, file, `poles.${format}`, false, fields);
      expect(result).toMatchObject({ created: ours.length, rejected: [] });
      const poles = new Map((await polesOf(t, owner.id)).map((p) => [p.tag, p]));
      for (const p of ours) {
        const pole = poles.get(p.tag)!;
        expect(metres([pole.longitude, pole.latitude], gdal.get(p.tag)!), p.tag).toBeLessThan(0.5);
      }
    });
  }
});

describe("a register naming WGS 84 as its system", () => {
  const owner = useSignedInUser(t);

  it("is answered as WGS 84 for a Shapefile whose .prj says so", async () => {
    const parts = await shapefileOf([{ tag: "S-1", lon: 7.5, lat: 45.5 }], 4326);
    const dry = await imported(t, owner, zipShapefile(parts), "poles.zip", true);
    expect(dry).toMatchObject({ created: 1, crs: null });
  });

  it("is read as it is, and answered as WGS 84", async () => {
    for (const name of ["urn:ogc:def:crs:OGC:1.3:CRS84", "urn:ogc:def:crs:EPSG::4326", "EPSG:4326"]) {
      const geojson = JSON.stringify({
        type: "FeatureCollection",
        crs: { type: "name", properties: { name } },
        features: [
          {
            type: "Feature",
            properties: { tag: "W-1" },
            geometry: { type: "Point", coordinates: [7.5, 45.25] },
          },
        ],
      });
      const dry = await imported(t, owner, geojson, "poles.geojson", true);
      expect(dry, name).toMatchObject({
        created: 1,
        crs: null,
        sample: [{ tag: "W-1", longitude: 7.5, latitude: 45.25 }],
      });
    }
  });
});

describe("a register that looks projected", () => {
  const owner = useSignedInUser(t);

  it("is refused row by row without a system, with the likely systems, and nothing is written", async () => {
    const file = await registerIn(BAY_AREA, 2227, "csv");
    const result = await imported(t, owner, file);
    expect(result).toMatchObject({ created: 0, rejected_count: BAY_AREA.length });
    expect(new Set(result.rejected.map((r) => r.reason))).toEqual(new Set([poleImportTexts.looksProjected]));
    const codes = result.suggestedCrs!.map((s) => s.code);
    expect(codes).toContain("EPSG:2227");
    expect(codes.length).toBeLessThanOrEqual(10);
    expect(result.mapping).toMatchObject({ easting: "x", northing: "y", tag: "tag" });
    expect(await polesOf(t, owner.id)).toEqual([]);
  });

  it("refuses a system that is not known, or not a code, naming it", async () => {
    const file = await registerIn(BAY_AREA, 2227, "csv");
    for (const [crs, said] of [
      ["EPSG:999999", /EPSG:999999 is not known/],
      ["NAD83", /"NAD83" is not a coordinate system/],
    ] as const) {
      const res = await importFile(t, owner, file, "poles.csv", true, { crs });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(said);
    }
    const member = (await registerIn(BAY_AREA, 2227, "geojson")).replace("EPSG::2227", "EPSG::999999");
    const res = await importFile(t, owner, member, "poles.geojson", true);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/EPSG:999999 is not known/);
  });
});

describe("GET /api/crs", () => {
  const user = useSignedInUser(t);
  const list = (query: string, cookie?: string) =>
    t.app.inject({ method: "GET", url: `/api/crs${query}`, headers: cookie ? { cookie } : {} });
  const systems = async (query: string) => {
    const res = await list(query, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return crsListSchema.parse(res.json()).systems;
  };

  it("finds systems by code and by the words of their name and area", async () => {
    expect((await systems("?q=2227"))[0]).toEqual({
      code: "EPSG:2227",
      name: "NAD83 / California zone 3 (ftUS)",
      area: expect.stringContaining("San Francisco") as string,
      unit: "US survey foot",
    });
    const byWords = await systems("?q=british%20national%20grid&limit=5");
    expect(byWords.map((s) => s.code)).toContain("EPSG:27700");
    expect(await systems("?q=utm&limit=50")).toHaveLength(50);
  });

  it("is for signed-in users only, and refuses a limit past 50", async () => {
    expect((await list("?q=2227")).statusCode).toBe(401);
    expect((await list("?q=utm&limit=51", user.cookie)).statusCode).toBe(400);
  });
});
