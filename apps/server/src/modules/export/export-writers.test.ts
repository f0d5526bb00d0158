import { describe, expect, it } from "vitest";
import type { ExportRow } from "./export.repository";
import { csvRow, geojsonFeature, kmlColor, kmlFolderStart, kmlPlacemark, xmlEscape } from "./export-writers";

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
};

describe("csvRow", () => {
  it("ends each record with CRLF and makes image URLs absolute", () => {
    expect(csvRow(ctx, row)).toBe(
      `${row.id},pole.jpg,2024-05-01,-33.865143,151.2099,,,,,crew@example.com,https://atlas.example.com/files/utility-poles/u/0b8e.jpg,\r\n`,
    );
  });

  it("writes the camera's heading last, empty when unknown", () => {
    expect(csvRow(ctx, { ...row, heading: 47.25 })).toMatch(/0b8e\.jpg,47\.25\r\n$/);
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
