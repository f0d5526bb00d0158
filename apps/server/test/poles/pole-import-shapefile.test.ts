/**
 * Zipped Shapefile registers made by GDAL in a State Plane (EPSG:2227, US feet) and a UTM
 * (EPSG:32633) system: every pole lands within 0.5 m of GDAL's own reprojection to WGS84. A .prj
 * that cannot be read, or none, is a 400 and nothing is imported.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { metres } from "./crs-support";
import { importFile, imported, polesOf } from "./import-support";
import { gdalWgs84, shapefileOf, zipShapefile, type Point } from "./shapefile-support";

const t = useTestApp();
const owner = useSignedInUser(t);
const other = useSignedInUser(t);

const BAY_AREA: Point[] = [
  { tag: "SF-1", lon: -122.4194, lat: 37.7749, material: "wood" },
  { tag: "SF-2", lon: -122.2711, lat: 37.8044, material: "steel" },
  { tag: "SF-3", lon: -121.8863, lat: 37.3382 },
];
const BOHEMIA: Point[] = [
  { tag: "CZ-1", lon: 14.4378, lat: 50.0755, material: "concrete" },
  { tag: "CZ-2", lon: 16.6068, lat: 49.1951 },
];

describe("importing a zipped Shapefile", () => {
  for (const [epsg, points] of [
    [2227, BAY_AREA],
    [32633, BOHEMIA],
  ] as const) {
    it(`reprojects EPSG:${epsg} to WGS84 within 0.5 m of GDAL`, async () => {
      const parts = await shapefileOf([...points], epsg);
      expect(parts.get(".prj")?.toString()).toBeTruthy();
      const gdal = await gdalWgs84(parts);
      const result = await imported(t, owner, zipShapefile(parts), "poles.zip");
      expect(result).toMatchObject({ created: points.length, rejected: [] });
      const poles = new Map((await polesOf(t, owner.id)).map((p) => [p.tag, p]));
      for (const p of points) {
        const pole = poles.get(p.tag)!;
        expect(metres([pole.longitude, pole.latitude], gdal.get(p.tag)!), p.tag).toBeLessThan(0.5);
        expect(pole.material).toBe(p.material ?? null);
      }
      // The same file again changes nothing.
      expect(await imported(t, owner, zipShapefile(parts), "poles.zip")).toMatchObject({
        unchanged: points.length,
      });
    });
  }

  it("refuses a .prj it cannot read, or none, and imports nothing", async () => {
    const parts = await shapefileOf(BOHEMIA, 32633);
    const garbled = new Map(parts).set(".prj", Buffer.from('PROJCS["Made up",UNKNOWN[1]]'));
    const bad = await importFile(t, other, zipShapefile(garbled), "poles.zip");
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ code: "import_bad_prj" });
    expect(bad.json<{ message: string }>().message).toMatch(/\.prj could not be read/);

    const withoutPrj = new Map(parts);
    withoutPrj.delete(".prj");
    const none = await importFile(t, other, zipShapefile(withoutPrj), "poles.zip");
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: "import_bad_prj" });

    const notShapefile = await importFile(
      t,
      other,
      zipShapefile(new Map([[".txt", Buffer.from("hi")]])),
      "x.zip",
    );
    expect(notShapefile.statusCode).toBe(400);
    expect(notShapefile.json()).toMatchObject({ code: "import_no_shapefile" });
    expect(await polesOf(t, other.id)).toEqual([]);
  });
});
