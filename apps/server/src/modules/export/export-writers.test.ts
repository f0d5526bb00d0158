import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../test/export/support";
import type { ExportRow } from "./export.repository";
import { polesTable } from "./export-tables";
import { csvRow, geojsonFeature, kmlColor, kmlFolderStart, kmlPlacemark, xmlEscape } from "./export-writers";
import { poleColumns } from "./pole-columns";
import { poleRowOf, type PoleExportRow } from "./pole-rows";
import { poleCsvHeader, poleCsvRow, poleGeojsonFeature, polePlacemark } from "./pole-writers";
import { dbfNames } from "./shapefile-names";

const ctx = { publicUrl: "https://atlas.example.com" };
const row: ExportRow = {
  id: "0b8e3f3e-1111-4222-8333-444455556666",
  name: "pole.jpg",
  date: "2024-05-01",
  latitude: -33.865143,
  longitude: 151.2099,
  pole_id: null,
  pole_tag: null,
  pole_label: null,
  risk: null,
  notes: null,
  uploaded_by: "crew@example.com",
  storage_key: "utility-poles/u/0b8e.jpg",
  heading: null,
  pole_condition: null,
  pole_condition_source: null,
};

describe("csvRow", () => {
  it("ends each record with CRLF and makes image URLs absolute", () => {
    expect(csvRow(ctx, row)).toBe(
      `${row.id},pole.jpg,2024-05-01,-33.865143,151.2099,,,,,crew@example.com,https://atlas.example.com/files/utility-poles/u/0b8e.jpg,,,\r\n`,
    );
  });

  it("writes the camera's heading last, empty when unknown", () => {
    expect(csvRow(ctx, { ...row, heading: 47.25 })).toMatch(/0b8e\.jpg,47\.25,,\r\n$/);
  });
});

const geometryOf = (json: string) => (JSON.parse(json) as { geometry: unknown }).geometry;

describe("geojsonFeature", () => {
  it("puts longitude first, and gives an unplaced photo null geometry", () => {
    expect(geometryOf(geojsonFeature(ctx, row))).toEqual({
      type: "Point",
      coordinates: [151.2099, -33.865143],
    });
    expect(geometryOf(geojsonFeature(ctx, { ...row, latitude: null, longitude: null }))).toBeNull();
  });
});

describe("KML", () => {
  it("escapes markup and drops characters XML 1.0 cannot hold", () => {
    expect(xmlEscape(`<a href="x">&'\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });

  it("writes colours as aabbggrr", () => {
    expect(kmlColor("#f44336")).toBe("ff3643f4");
  });

  it("writes Point coordinates as lon,lat and names unlabelled poles by their id", () => {
    expect(kmlPlacemark(ctx, row)).toContain("<coordinates>151.2099,-33.865143</coordinates>");
    expect(kmlPlacemark(ctx, row)).toContain("<TimeStamp><when>2024-05-01</when></TimeStamp>");
    expect(kmlPlacemark(ctx, { ...row, date: null })).not.toContain("TimeStamp");
    expect(kmlPlacemark(ctx, { ...row, heading: 47 })).toContain("looking NE, 47°");
    expect(kmlFolderStart({ ...row, pole_id: "abcdef12-3456" })).toBe("<Folder><name>Pole abcdef12</name>\n");
    expect(kmlFolderStart(row)).toBe("<Folder><name>No pole</name>\n");
    // A folder is named by the pole's tag, the register's name for it, before its label.
    const tagged = { ...row, pole_id: "abcdef12-3456", pole_label: "Corner" };
    expect(kmlFolderStart(tagged)).toBe("<Folder><name>Corner</name>\n");
    expect(kmlFolderStart({ ...tagged, pole_tag: "SF-1" })).toBe("<Folder><name>SF-1</name>\n");
  });
});

// ---- The poles layer's writers against hostile attribute names and values ---------------------

/** Names a plain object finds on Object.prototype, and one longer than any format's column. */
const HOSTILE_NAMES = [
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "__proto__",
  "n".repeat(300),
];
const LONG_VALUE = "v".repeat(100_000);

const pole = (id: string, attributes: [string, string | number][]): PoleExportRow => ({
  id,
  tag: `T-${id}`,
  label: "",
  latitude: 37.77,
  longitude: -122.41,
  material: null,
  height_m: null,
  class: null,
  installed_year: null,
  circuit: null,
  source: "import",
  position_source: "import",
  // As the repository hands rows on: JSON.parse makes `__proto__` an own key like any other.
  attributes: poleRowOf({
    attributes: JSON.parse(JSON.stringify(Object.fromEntries(attributes))) as Record<string, string>,
  } as never).attributes,
  risk: null,
  condition: null,
  condition_source: null,
  photo_count: 0,
  last_photo_date: null,
  last_visit_on: null,
  inspection_due_on: null,
  type_visits: null,
  lean_deg: null,
  lean_toward_deg: null,
  lean_apparent: null,
  lean_measured_at: null,
});

const names = HOSTILE_NAMES.map((name) => ({ name, poles: 1, numeric: false }));
const columns = poleColumns(names, [], "2026-06-01");
const holder = pole("a", [
  ...HOSTILE_NAMES.map((n, i): [string, string] => [n, `own ${i}`]),
  ["long", LONG_VALUE],
]);
const bare = pole("b", []);

describe.each(HOSTILE_NAMES)("an attribute named %s", (name) => {
  const i = HOSTILE_NAMES.indexOf(name);

  it("is a CSV column of its own, empty for a pole without it", () => {
    const header = parseCsv(poleCsvHeader(columns))[0]!;
    const at = header.indexOf(name);
    expect(at).toBeGreaterThan(0);
    expect(parseCsv(poleCsvRow(columns, holder))[0]![at]).toBe(`own ${i}`);
    expect(parseCsv(poleCsvRow(columns, bare))[0]![at]).toBe("");
  });

  it("is a GeoJSON property of the pole that has it only", () => {
    const own = JSON.parse(poleGeojsonFeature(columns, holder)) as { properties: object };
    expect(Object.getOwnPropertyDescriptor(own.properties, name)?.value).toBe(`own ${i}`);
    const none = JSON.parse(poleGeojsonFeature(columns, bare)) as { properties: object };
    expect(Object.hasOwn(none.properties, name)).toBe(false);
  });

  it("is KML ExtendedData of the pole that has it only, in well-formed XML", () => {
    const kml = (r: PoleExportRow) => `<kml>${polePlacemark(columns, r)}</kml>`;
    expect(XMLValidator.validate(kml(holder))).toBe(true);
    expect(kml(holder)).toContain(`<Data name="${name}"><value>own ${i}</value></Data>`);
    expect(kml(bare)).not.toContain(`"${name}"`);
  });

  it("is a typed column (Shapefile, GeoPackage) holding the pole's own value or null", () => {
    const table = polesTable(columns);
    const at = table.fields.findIndex((f) => f.name === name);
    expect(table.values(holder)[at]).toBe(`own ${i}`);
    expect(table.values(bare)[at]).toBeNull();
  });
});

describe("hostile names in a typed file past its column limit", () => {
  it("keeps the names without a column in the overflow, by their own values", () => {
    // The least used names lose their columns: `__proto__` among them.
    const used = names.map((n) => ({ ...n, poles: n.name === "__proto__" ? 1 : 2 }));
    const few = poleColumns(used, [], "2026-06-01", 2, "attributes");
    const table = polesTable(few, "poles_attributes");
    expect(table.fields.at(-1)).toEqual({ name: "attributes", type: "text" });
    const overflow = JSON.parse(table.values(holder).at(-1) as string) as object;
    expect(Object.keys(overflow)).toHaveLength(HOSTILE_NAMES.length + 1 - 2);
    expect(Object.getOwnPropertyDescriptor(overflow, "__proto__")?.value).toBe("own 5");
    expect(Object.getOwnPropertyDescriptor(overflow, "toString")?.value).toBe("own 1");
    expect(table.values(bare).at(-1)).toBeNull();
    expect(table.side!.rows(holder)).toContainEqual(["a", "T-a", "long", LONG_VALUE]);
    expect(table.side!.rows(bare)).toEqual([]);
  });

  it("names .dbf fields validly and uniquely, linear in the names", () => {
    const dbf = dbfNames([...HOSTILE_NAMES, "Cross-arm", "Höhe m", "2nd circuit", "Cross arm", ""]);
    for (const n of dbf) expect(n).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,9}$/);
    expect(new Set(dbf.map((n) => n.toLowerCase())).size).toBe(dbf.length);
    expect(dbf.slice(-5)).toEqual(["Cross_arm", "Hohe_m", "f2nd_circu", "Cross_ar_1", "f"]);
    // Fifty thousand names cut alike: each numbered once, not counted up from 1 for each.
    const many = dbfNames(Array.from({ length: 50_000 }, (_, k) => `attribute_${k}`));
    expect(many.at(-1)).toBe("attr_49999");
  });
});
