/**
 * GeoPackage registers made by GDAL: the first point layer (or the one named by `layer`) imports
 * with its fields, every pole within 0.5 m of GDAL's own reprojection to WGS 84 (WGS 84 itself and
 * State Plane in US feet). A missing layer, a layer of lines, a plain SQLite file or a damaged
 * one is a 400 saying so, and nothing is imported.
 */
import { Database } from "node-sqlite3-wasm";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { poleImportResultSchema } from "@poleatlas/shared";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { polesOf } from "./import-support";
import { METRES_PER_DEGREE } from "./support";
import { gdalWgs84Of, geopackageOf, importGeopackage } from "./geopackage-support";

const t = useTestApp();
const owner = useSignedInUser(t);
const other = useSignedInUser(t);

const metres = (a: [number, number], b: [number, number]) =>
  Math.hypot((a[0] - b[0]) * Math.cos((a[1] * Math.PI) / 180), a[1] - b[1]) * METRES_PER_DEGREE;

const bayArea = (prefix: string) => [
  {
    tag: `${prefix}-1`,
    lon: -122.4194,
    lat: 37.7749,
    material: "wood",
    height_m: 12.5,
    installed_year: 1987,
  },
  { tag: `${prefix}-2`, lon: -122.2711, lat: 37.8044, material: "steel", height_m: 15, installed_year: 2001 },
  { tag: `${prefix}-3`, lon: -121.8863, lat: 37.3382 },
];
const BAY_AREA = bayArea("SF");
const LINES = { name: "spans", epsg: 4326, type: "LINESTRING", wkt: ["LINESTRING (0 0,1 1)"] };

async function expectRefusal(
  res: Awaited<ReturnType<typeof importGeopackage>>,
  code: string,
  message: RegExp,
) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code });
  expect(res.json<{ message: string }>().message).toMatch(message);
  expect(await polesOf(t, other.id)).toEqual([]);
}

describe("importing a GeoPackage", () => {
  for (const epsg of [4326, 2227]) {
    it(`reads the first point layer in EPSG:${epsg} within 0.5 m of GDAL, with its fields`, async () => {
      const points = bayArea(`E${epsg}`);
      const gpkg = await geopackageOf([LINES, { name: "poles", epsg, points }]);
      const gdal = await gdalWgs84Of(gpkg, "in.gpkg", "poles");
      const res = await importGeopackage(t, owner, gpkg);
      expect(res.statusCode, res.body).toBe(200);
      expect(poleImportResultSchema.parse(res.json())).toMatchObject({ created: 3, rejected: [] });
      const poles = new Map((await polesOf(t, owner.id)).map((p) => [p.tag, p]));
      for (const p of points) {
        const pole = poles.get(p.tag)!;
        expect(metres([pole.longitude, pole.latitude], gdal.get(p.tag)!), p.tag).toBeLessThan(0.5);
        expect(pole).toMatchObject({
          material: p.material ?? null,
          height_m: p.height_m ?? null,
          installed_year: p.installed_year ?? null,
          attributes: {},
        });
      }
      // The same file again changes nothing.
      const again = await importGeopackage(t, owner, gpkg);
      expect(again.json()).toMatchObject({ unchanged: 3, created: 0 });
    });
  }

  it("reads the layer `layer` names", async () => {
    const [first, ...rest] = bayArea("L");
    const gpkg = await geopackageOf([
      { name: "first", epsg: 4326, points: [first!] },
      { name: "second", epsg: 2227, points: rest },
    ]);
    const res = await importGeopackage(t, owner, gpkg, { layer: "second", filename: "register.bin" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, rejected: [] });
    const tags = (await polesOf(t, owner.id)).map((p) => p.tag);
    expect(tags).toEqual(expect.arrayContaining(["L-2", "L-3"]));
    expect(tags).not.toContain("L-1");
  });

  it("refuses a missing layer naming the layers there, and a layer of lines", async () => {
    const gpkg = await geopackageOf([LINES, { name: "poles", epsg: 4326, points: BAY_AREA }]);
    await expectRefusal(
      await importGeopackage(t, other, gpkg, { layer: "towers" }),
      "import_no_such_layer",
      /no layer "towers"\. Its layers: spans, poles\./,
    );
    await expectRefusal(
      await importGeopackage(t, other, gpkg, { layer: "spans" }),
      "import_not_points",
      /"spans" holds LINESTRING/,
    );
    await expectRefusal(
      await importGeopackage(t, other, await geopackageOf([LINES])),
      "import_not_points",
      /no point layer .* Its layers: spans\./,
    );
  });

  it("refuses a plain SQLite file, a damaged GeoPackage and a .gpkg that is not SQLite", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "poleatlas-sqlite-"));
    let plain: Buffer;
    try {
      const db = new Database(path.join(dir, "plain.db"));
      db.exec("CREATE TABLE poles (tag TEXT, lon REAL, lat REAL); INSERT INTO poles VALUES ('A', 1, 2)");
      db.close();
      plain = await readFile(path.join(dir, "plain.db"));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await expectRefusal(await importGeopackage(t, other, plain), "import_not_geopackage", /not a GeoPackage/);

    const gpkg = await geopackageOf([{ name: "poles", epsg: 4326, points: BAY_AREA }]);
    const damaged = Buffer.concat([gpkg.subarray(0, 100), Buffer.alloc(gpkg.length - 100, 0xab)]);
    await expectRefusal(await importGeopackage(t, other, damaged), "import_unreadable", /could not be read/);
    await expectRefusal(
      await importGeopackage(t, other, Buffer.from("tag,lat,lon\nA,1,2\n")),
      "import_unreadable",
      /GeoPackage could not be read/,
    );
  });
});
