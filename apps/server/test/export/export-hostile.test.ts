/**
 * The poles layer with attribute names a plain object finds on Object.prototype (`constructor`,
 * `__proto__`…) and over-long names and values, in every format: each is a column of its own
 * holding the pole's own value, empty for a pole without it (never `function Object() …`), and
 * GDAL reads the Shapefile and GeoPackage. Positions a system cannot express (EPSG:3857 at the
 * poles) leave their rows without geometry, counted, never NaN or null inside a Point.
 */
import { sql } from "drizzle-orm";
import { XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { ogrSql, ogrSummary, ogrValues } from "./gdal-support";
import { exportFile } from "./photos";
import { parseCsv } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);

const LONG_NAME = `long_${"n".repeat(295)}`;
// A pole's attributes hold 4 KB as JSON: a value past any .dbf text field, within that.
const LONG_VALUE = "v".repeat(3_000);
/** Attribute name → its value on pole H-1; H-2 has none of them. */
const HOSTILE: Record<string, string> = Object.fromEntries([
  ["constructor", "own constructor"],
  ["toString", "own toString"],
  ["hasOwnProperty", "own hasOwnProperty"],
  ["valueOf", "own valueOf"],
  ["__defineGetter__", "own getter"],
  ["__proto__", "own proto"],
  ["Cross-arm", "steel"],
  [LONG_NAME, LONG_VALUE],
]);
/** The same names in a Shapefile's .dbf (10 bytes, letters, digits, underscores). */
const DBF_NAMES = new Map([
  ["constructor", "constructo"],
  ["toString", "toString"],
  ["hasOwnProperty", "hasOwnProp"],
  ["valueOf", "valueOf"],
  ["__defineGetter__", "f__defineG"],
  ["__proto__", "f__proto__"],
  ["Cross-arm", "Cross_arm"],
  [LONG_NAME, "long_nnnnn"],
]);

/** The hostile attributes as jsonb text: JSON.stringify keeps `__proto__` as a key of its own. */
const hostileJson = () =>
  `{${Object.entries(HOSTILE)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(",")}}`;

beforeAll(async () => {
  await t.db.database.db.execute(sql`
    INSERT INTO utility_poles (workspace_id, latitude, longitude, tag, source, position_source, attributes)
    VALUES (${owner.id}, 37.7749, -122.4194, 'H-1', 'import', 'import', ${hostileJson()}::jsonb),
           (${owner.id}, 37.7750, -122.4180, 'H-2', 'import', 'import', '{}'::jsonb)`);
});

const names = Object.keys(HOSTILE);

describe("attribute names of Object.prototype and over-long ones", () => {
  it("CSV: a column each, the pole's own value, empty for the other pole", async () => {
    const res = await exportFile(t, owner, "layer=poles&format=csv");
    expect(res.statusCode, res.body).toBe(200);
    const [header, h1, h2] = parseCsv(res.body);
    for (const name of names) {
      const at = header!.indexOf(name);
      expect(at, name).toBeGreaterThan(0);
      expect(h1![at], name).toBe(HOSTILE[name]);
      expect(h2![at], name).toBe("");
    }
  });

  it("GeoJSON: own properties of the pole that has them only", async () => {
    const res = await exportFile(t, owner, "layer=poles&format=geojson");
    expect(res.statusCode, res.body).toBe(200);
    const [h1, h2] = (JSON.parse(res.body) as { features: { properties: object }[] }).features;
    for (const name of names) {
      expect(Object.getOwnPropertyDescriptor(h1!.properties, name)?.value, name).toBe(HOSTILE[name]);
      expect(Object.hasOwn(h2!.properties, name), name).toBe(false);
    }
  });

  it("KML: ExtendedData of the pole that has them only", async () => {
    const res = await exportFile(t, owner, "layer=poles&format=kml");
    expect(res.statusCode, res.body).toBe(200);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const [h1, h2] = res.body.split("<Placemark").slice(1);
    for (const name of names) {
      expect(h1, name).toContain(`<Data name="${name}"><value>${HOSTILE[name]}</value></Data>`);
      expect(h2, name).not.toContain(`<Data name="${name}">`);
    }
    expect(res.body).not.toContain("[native code]");
  });

  for (const format of ["shp", "gpkg"] as const) {
    it(`${format}: GDAL reads a field each, the pole's own value, empty for the other`, async () => {
      const res = await exportFile(t, owner, `layer=poles&format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const file = { bytes: res.rawPayload, name: format === "shp" ? "poles.zip" : "poles.gpkg" };
      const summary = await ogrSummary(file);
      expect(summary.count, summary.text).toBe(2);
      const features = await ogrValues(file);
      const h1 = features.find((f) => f.tag === "H-1")!;
      const h2 = features.find((f) => f.tag === "H-2")!;
      for (const name of names) {
        const field = format === "shp" ? DBF_NAMES.get(name)! : name;
        // A .dbf text field holds 254 bytes: the long value is cut there.
        const own = format === "shp" ? HOSTILE[name]!.slice(0, 254) : HOSTILE[name];
        expect(h1[field], field).toBe(own);
        expect(h2[field], field).toBe("");
      }
      if (format === "shp") for (const f of summary.fields) expect(f).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,9}$/);
    });
  }
});

describe("positions the system cannot express", () => {
  beforeAll(async () => {
    await t.db.database.db.execute(sql`
      INSERT INTO utility_poles (workspace_id, latitude, longitude, tag, source, position_source)
      VALUES (${owner.id}, 90, 0, 'N-90', 'import', 'import'), (${owner.id}, -90, 10, 'S-90', 'import', 'import')`);
  });

  it("GeoJSON in EPSG:3857: null geometry for the poles, counted; every Point finite", async () => {
    const res = await exportFile(t, owner, "layer=poles&format=geojson&crs=EPSG:3857");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/NaN|Infinity/);
    const fc = JSON.parse(res.body) as {
      features: { geometry: { coordinates: number[] } | null; properties: { tag: string } }[];
      unplaceable: { count: number; note: string };
    };
    const byTag = new Map(fc.features.map((f) => [f.properties.tag, f.geometry]));
    expect(byTag.get("N-90")).toBeNull();
    expect(byTag.get("S-90")).toBeNull();
    for (const tag of ["H-1", "H-2"]) {
      for (const c of byTag.get(tag)!.coordinates) expect(Number.isFinite(c)).toBe(true);
    }
    expect(fc.unplaceable).toEqual({
      count: 2,
      note: "2 positions cannot be expressed in EPSG:3857: those rows have no geometry here.",
    });
  });

  it("CSV in EPSG:3857: empty x and y for those poles, numbers for the others", async () => {
    const res = await exportFile(t, owner, "layer=poles&format=csv&crs=EPSG:3857");
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    const [x, y, tag] = ["x", "y", "tag"].map((c) => header!.indexOf(c));
    for (const r of rows) {
      const empty = r[tag!] === "N-90" || r[tag!] === "S-90";
      expect(r[x!] === "" && r[y!] === "", r[tag!]).toBe(empty);
      if (!empty) expect(Number.isFinite(Number(r[x!])) && Number.isFinite(Number(r[y!]))).toBe(true);
    }
  });

  for (const format of ["shp", "gpkg"] as const) {
    it(`${format} in EPSG:3857: GDAL reads every pole, those two without geometry, and the note`, async () => {
      const res = await exportFile(t, owner, `layer=poles&format=${format}&crs=EPSG:3857`);
      expect(res.statusCode, res.body).toBe(200);
      const file = { bytes: res.rawPayload, name: format === "shp" ? "poles.zip" : "poles.gpkg" };
      const summary = await ogrSummary(file);
      expect(summary.count, summary.text).toBe(4);
      expect(summary.text).not.toMatch(/\b(nan|inf)\b/i);
      if (format === "shp") expect(res.rawPayload.includes("poles_notes.txt")).toBe(true);
      const note = "2 positions cannot be expressed in EPSG:3857: those rows have no geometry here.";
      if (format === "gpkg") {
        expect(await ogrSql(file, "SELECT description FROM gpkg_contents")).toContain(note);
      } else expect(res.rawPayload.includes(note)).toBe(true);
    });
  }
});
