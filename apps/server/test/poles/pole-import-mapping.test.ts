/**
 * Which column becomes which field: the names utilities' exports use and a Shapefile's 10-character
 * cuts of them, feet in a column's name or in its value, the request's own mapping, and an
 * identifier column taken as the tag. The answer lists each column and where it went.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { shapefileFromCsv } from "./crs-support";
import { importFile, imported, polesOf } from "./import-support";
import { zipShapefile } from "./shapefile-support";

const t = useTestApp();
// A workspace each, so each test starts from no poles.
const cut = useSignedInUser(t);
const feet = useSignedInUser(t);
const custom = useSignedInUser(t);
const bad = useSignedInUser(t);
const ids = useSignedInUser(t);

describe("a register's columns", () => {
  it("land in their fields from a Shapefile whose names GDAL cut to 10 characters", async () => {
    const csv = [
      "pole_number,lon,lat,installed_year,height_ft,pole_material,circuit_name,pole_owner,last_inspected_on,last_inspection_type,span_note",
      "T-1,-122.27,37.80,1987,40,wood,F-12,Acme Power,2024-05-01,detailed,long span",
      "T-2,-122.28,37.81,2001,35.5,steel,F-13,Acme Power,,,",
    ].join("\n");
    const parts = await shapefileFromCsv(csv, 2227);
    const result = await imported(t, cut, zipShapefile(parts), "poles.zip");
    expect(result).toMatchObject({ created: 2, rejected: [], visits: 1 });
    expect(result.mapping).toEqual({
      pole_numbe: "tag",
      installed_: "installed_year",
      height_ft: "height_ft",
      pole_mater: "material",
      circuit_na: "circuit",
      pole_owner: "owner",
      last_inspe: "last_inspected_on",
      last_ins_1: "last_inspection_type",
      span_note: "attribute",
    });
    // The .prj as GDAL writes it: an ESRI name, no EPSG code.
    expect(result.crs).toEqual({ code: "", name: "NAD_1983_StatePlane_California_III_FIPS_0403_Feet" });
    const [t1, t2] = await polesOf(t, cut.id);
    expect(t1).toMatchObject({
      tag: "T-1",
      installed_year: 1987,
      height_m: 12.192,
      material: "wood",
      circuit: "F-12",
      attributes: { owner: "Acme Power", span_note: "long span" },
    });
    expect(t2).toMatchObject({
      tag: "T-2",
      installed_year: 2001,
      height_m: 10.8204,
      attributes: { owner: "Acme Power" },
    });
  });

  it("reads feet in a height's value exactly, and metres as they are", async () => {
    const csv = [
      "tag,lat,lon,height",
      "H-1,45.01,7.01,40 ft",
      "H-2,45.02,7.01,35'",
      "H-3,45.03,7.01,12.5 m",
      "H-4,45.04,7.01,11",
      "H-5,45.05,7.01,tall",
    ].join("\n");
    const result = await imported(t, feet, csv);
    expect(result.rejected).toEqual([{ row: 6, reason: "height_m tall is not a number" }]);
    expect((await polesOf(t, feet.id)).map((p) => p.height_m)).toEqual([12.192, 10.668, 12.5, 11]);
  });

  it("follows the request's mapping over the names, and lists every column", async () => {
    const csv = ["Mast,E,N,Baujahr,height,Bemerkung", "M-1,16.37,48.21,1990,12,neu"].join("\n");
    const mapping = {
      Mast: "tag",
      E: "longitude",
      N: "latitude",
      Baujahr: "installed_year",
      height: "ignore",
    };
    const dry = await imported(t, custom, csv, "poles.csv", true, { mapping: JSON.stringify(mapping) });
    expect(dry.mapping).toEqual({ ...mapping, Bemerkung: "attribute" });
    await imported(t, custom, csv, "poles.csv", false, { mapping: JSON.stringify(mapping) });
    expect(await polesOf(t, custom.id)).toMatchObject([
      {
        tag: "M-1",
        longitude: 16.37,
        latitude: 48.21,
        installed_year: 1990,
        height_m: null,
        attributes: { Bemerkung: "neu" },
      },
    ]);
  });

  it("refuses a mapping it cannot follow, saying why", async () => {
    const csv = "a,b,lat,lon\n1,2,45,7";
    for (const [mapping, said] of [
      ["{not json", /could not be read: it is not JSON/],
      [JSON.stringify({ a: "tag", b: "tag" }), /a and b are both mapped to tag/],
      [JSON.stringify({ a: "colour" }), /could not be read: a:/],
      [JSON.stringify({ a: "x" }), /a x column but no latitude or y column/],
    ] as const) {
      const res = await importFile(t, bad, csv, "poles.csv", true, { mapping });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(said);
    }
  });

  it("takes an identifier column as the tag when there is none, so a re-import updates", async () => {
    const geojson = (material: string) =>
      JSON.stringify({
        type: "FeatureCollection",
        features: [1, 2].map((gid) => ({
          type: "Feature",
          properties: { gid, material },
          geometry: { type: "Point", coordinates: [7 + gid / 1000, 45] },
        })),
      });
    const first = await imported(t, ids, geojson("wood"), "poles.geojson");
    expect(first).toMatchObject({ created: 2, mapping: { gid: "tag", material: "material" } });
    const again = await imported(t, ids, geojson("steel"), "poles.geojson");
    expect(again).toMatchObject({ created: 0, updated: 2 });
    expect((await polesOf(t, ids.id)).map((p) => [p.tag, p.material])).toEqual([
      ["1", "steel"],
      ["2", "steel"],
    ]);
  });
});
