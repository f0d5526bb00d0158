/**
 * GDAL as the oracle of the export: the poles layer in every format, in WGS 84 and in State Plane
 * (EPSG:2227, US feet), is read by ogrinfo with the right count and fields, and ogr2ogr's
 * reprojection back to WGS 84 puts every pole within 0.5 m of where it is stored. A GeoPackage
 * export imported into an empty workspace gives the same register; nothing of another
 * workspace is in any file.
 */
import { sql } from "drizzle-orm";
import { readdir } from "node:fs/promises";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported, polesOf, type StoredPoleRow } from "../poles/import-support";
import { importGeopackage } from "../poles/geopackage-support";
import { METRES_PER_DEGREE } from "../poles/support";
import { tmpDir } from "../helpers/uploads";
import { createTeam, setActive } from "../workspaces/support";
import { gdalWgs84, ogrSummary, ogrValues, type GdalFile } from "./gdal-support";
import { exportFile } from "./photos";

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const REGISTER = [
  "pole_id,latitude,longitude,material,height_m,class,installed_year,circuit,label,Owner,Span",
  "P-1,37.7749,-122.4194,wood,12.5,4,1987,F-12,Corner of 5th,Acme,42",
  'P-2,37.8044,-122.2711,steel,15,H1,2001,F-12,"Oak, east",Acme,',
  "P-3,37.3382,-121.8863,,,,,,,,",
].join("\n");

const metres = (a: [number, number], b: [number, number]) =>
  Math.hypot((a[0] - b[0]) * Math.cos((a[1] * Math.PI) / 180), a[1] - b[1]) * METRES_PER_DEGREE;

let stored: StoredPoleRow[] = [];

beforeAll(async () => {
  expect(await imported(t, owner, REGISTER)).toMatchObject({ created: 3, rejected: [] });
  expect(await imported(t, stranger, "tag,lat,lon\nX-1,37.7,-122.4\n")).toMatchObject({ created: 1 });
  stored = await polesOf(t, owner.id);
  // A finding on P-1 and one on the stranger's pole.
  await t.db.database.db.execute(sql`
    INSERT INTO utility_pole_findings (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
    SELECT workspace_id, id, 'lean', 2, '2026-01-10', '2026-04-10', workspace_id
      FROM utility_poles WHERE tag IN ('P-1', 'X-1')`);
  // P-1's lean as measured from its photos: exported, never imported back as an attribute.
  await t.db.database.db.execute(sql`
    UPDATE utility_poles SET lean_deg = 6.2, lean_toward_deg = 135, lean_apparent = false,
      lean_measured_at = '2026-05-04T10:20:30Z' WHERE tag = 'P-1'`);
});

/** What GDAL needs to read each format, in WGS 84 or the system. */
function gdalFile(format: string, bytes: Buffer, crs?: string): GdalFile {
  const name = {
    geojson: "poles.geojson",
    csv: "poles.csv",
    kml: "poles.kml",
    shp: "poles.zip",
    gpkg: "poles.gpkg",
  }[format]!;
  if (format !== "csv") return { bytes, name };
  const [x, y] = crs ? ["x", "y"] : ["longitude", "latitude"];
  return { bytes, name, open: [`X_POSSIBLE_NAMES=${x}`, `Y_POSSIBLE_NAMES=${y}`], srs: crs ?? "EPSG:4326" };
}

const FIELDS = ["tag", "label", "material", "height_m", "class", "circuit", "Owner", "Span"];

describe("the poles layer read by GDAL", () => {
  for (const format of ["geojson", "csv", "kml", "shp", "gpkg"]) {
    for (const crs of [undefined, "EPSG:2227"]) {
      if (format === "kml" && crs) continue;
      it(`${format} in ${crs ?? "WGS 84"}: count, fields and positions within 0.5 m`, async () => {
        const res = await exportFile(t, owner, `layer=poles&format=${format}${crs ? `&crs=${crs}` : ""}`);
        expect(res.statusCode, res.body).toBe(200);
        const file = gdalFile(format, res.rawPayload, crs);
        const summary = await ogrSummary(file);
        expect(summary.count, summary.text).toBe(3);
        if (format !== "kml") {
          const year = format === "shp" ? "inst_year" : "installed_year";
          expect(summary.fields).toEqual(expect.arrayContaining([...FIELDS, year]));
        }
        // A CSV cannot say its system: the others name it.
        if (crs && format !== "csv") expect(summary.text).toMatch(/California zone 3/);
        const key = format === "kml" ? "Name" : "tag";
        const positions = await gdalWgs84(file, key);
        expect([...positions.keys()].sort()).toEqual(["P-1", "P-2", "P-3"]);
        for (const p of stored) {
          expect(metres(positions.get(p.tag!)!, [p.longitude, p.latitude]), p.tag!).toBeLessThan(0.5);
        }
      });
    }
  }

  // GDAL's names of the lean's columns: a Shapefile's are cut to 10 bytes.
  const LEAN_FIELDS: Record<string, string[]> = {
    shp: ["lean_deg", "lean_dir", "lean_appar", "lean_meas"],
    other: ["lean_deg", "lean_toward_deg", "lean_apparent", "lean_measured_at"],
  };
  for (const format of ["geojson", "csv", "shp", "gpkg"]) {
    it(`${format}: each pole's latest lean, empty where never measured`, async () => {
      const res = await exportFile(t, owner, `layer=poles&format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const features = await ogrValues(gdalFile(format, res.rawPayload));
      const names = LEAN_FIELDS[format === "shp" ? "shp" : "other"]!;
      const lean = (tag: string) => {
        const f = features.find((v) => v.tag === tag)!;
        // A Shapefile writes its reals with ten decimals.
        return names.map((n) => (f[n] && !Number.isNaN(Number(f[n])) ? Number(f[n]) : f[n]));
      };
      // A GeoPackage and a Shapefile type the angles as numbers; the time and the flag are text.
      expect(lean("P-1")).toEqual([
        6.2,
        135,
        "false",
        expect.stringMatching(/^2026[-/]05[-/]04[T ]10:20:30/),
      ]);
      expect(lean("P-2")).toEqual(["", "", "", ""]);
    });
  }

  it("imports a GeoPackage export into an empty workspace as the same register", async () => {
    const res = await exportFile(t, owner, "layer=poles&format=gpkg&crs=EPSG:2227");
    expect(res.statusCode, res.body).toBe(200);
    const team = await createTeam(t, owner);
    await setActive(t, owner, team);
    try {
      const back = await importGeopackage(t, owner, res.rawPayload);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ created: 3, rejected: [] });
      const register = (p: StoredPoleRow) => {
        const { id: _id, photo_count: _photos, latitude: _lat, longitude: _lon, ...rest } = p;
        return rest;
      };
      const copy = await polesOf(t, team);
      expect(copy.map(register)).toEqual(stored.map(register));
      copy.forEach((p, i) => {
        const o = stored[i]!;
        expect(metres([p.longitude, p.latitude], [o.longitude, o.latitude])).toBeLessThan(0.01);
      });
    } finally {
      await setActive(t, owner, null);
    }
  });
});

describe("other layers and refusals", () => {
  it("writes the findings named by tag, and nothing of another workspace", async () => {
    for (const format of ["gpkg", "shp", "geojson"]) {
      const res = await exportFile(t, owner, `layer=findings&format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const file = { bytes: res.rawPayload, name: `findings.${format === "shp" ? "zip" : format}` };
      const summary = await ogrSummary(file);
      expect(summary.count, summary.text).toBe(1);
      expect(summary.fields).toEqual(expect.arrayContaining(["pole_tag", "code", "level"]));
      expect([...(await gdalWgs84(file, "pole_tag")).keys()]).toEqual(["P-1"]);
    }
    const poles = await exportFile(t, stranger, "layer=poles&format=gpkg");
    const summary = await ogrSummary({ bytes: poles.rawPayload, name: "poles.gpkg" });
    expect(summary.count).toBe(1);
    expect([...(await gdalWgs84({ bytes: poles.rawPayload, name: "poles.gpkg" }, "tag")).keys()]).toEqual([
      "X-1",
    ]);
  });

  it("leaves no file behind, whether the file is read to the end or the client goes away", async () => {
    const exportsLeft = async () =>
      (await readdir(tmpDir(t)).catch(() => [] as string[])).filter((n) => n.startsWith("export-"));
    expect((await exportFile(t, owner, "layer=poles&format=shp")).statusCode).toBe(200);
    expect(await exportsLeft()).toEqual([]);
    const base = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${base}/api/export?layer=poles&format=gpkg`, { headers: { cookie: owner.cookie } }, resolve)
        .on("error", reject),
    );
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once("data", resolve));
    expect(await exportsLeft()).toHaveLength(1);
    res.destroy();
    for (let i = 0; i < 100 && (await exportsLeft()).length > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await exportsLeft()).toEqual([]);
  });

  it("refuses an unknown system, a malformed one, and another system for KML", async () => {
    const unknown = await exportFile(t, owner, "layer=poles&format=gpkg&crs=EPSG:999999");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "unknown_crs" });
    expect(unknown.json<{ message: string }>().message).toMatch(/EPSG:999999 is not a coordinate system/);
    const malformed = await exportFile(t, owner, "layer=poles&format=shp&crs=2227");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toMatch(/EPSG:<code>/);
    const kml = await exportFile(t, owner, "layer=poles&format=kml&crs=EPSG:2227");
    expect(kml.statusCode).toBe(400);
    expect(kml.body).toMatch(/KML is always in WGS 84/);
  });
});
