/**
 * Export: each format read back by a real parser (an RFC 7946 schema, an RFC 4180
 * reader, fast-xml-parser), with the uploaded coordinates in [longitude, latitude] order and
 * spreadsheet formulas neutralised.
 */
import { EXPORT_CSV_COLUMNS } from "@poleatlas/shared";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { featureCollectionSchema, parseCsv } from "./support";
import { exportFile, labelPole, seedPhotos, type Uploaded } from "./photos";

let sydney: Uploaded;
let santiago: Uploaded;
let berlin: Uploaded;
let unplaced: Uploaded;
const TRICKY_NOTE = '=HYPERLINK("http://evil.example","click"), then\r\n"quoted" line';
// Notes are stored with their line breaks as LF.
const STORED_NOTE = TRICKY_NOTE.replace("\r\n", "\n");

const t = useTestApp();
const owner = useSignedInUser(t);
beforeAll(async () => {
  ({ sydney, santiago, berlin, unplaced } = await seedPhotos(t, owner, {
    santiagoName: "+SUM(1,2) <&> pole.jpg",
    sydneyNotes: TRICKY_NOTE,
  }));
  await labelPole(t, owner, sydney.record.pole_id as string, "@A1 <Pole & 7>");
});

const byId = (id: string) => [sydney, santiago, berlin, unplaced].find((u) => u.record.id === id) as Uploaded;
const DATE = /\d{4}-\d{2}-\d{2}/.source;

function expectSameCoordinates(lon: number, lat: number, u: Uploaded) {
  // Equal to the EXIF that was uploaded (and stored), in [longitude, latitude] order.
  expect(Math.abs(lon - (u.sent.longitude as number))).toBeLessThan(1e-6);
  expect(Math.abs(lat - (u.sent.latitude as number))).toBeLessThan(1e-6);
  expect(lon).toBe(u.record.longitude);
  expect(lat).toBe(u.record.latitude);
}

describe("GET /api/export?format=geojson", () => {
  it("is an RFC 7946 FeatureCollection of every photo, Points as [lon, lat], unplaced ones without geometry", async () => {
    const res = await exportFile(t, owner, "format=geojson");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/geo+json");
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="poleatlas-personal-${DATE}\\.geojson"$`),
    );
    const fc = featureCollectionSchema.parse(JSON.parse(res.body));
    // List order: date ascending.
    expect(fc.features.map((f) => f.properties.id)).toEqual(
      [berlin, sydney, santiago, unplaced].map((u) => u.record.id),
    );
    for (const f of fc.features) {
      const u = byId(f.properties.id);
      if (u === unplaced) {
        expect(f.geometry).toBeNull();
        continue;
      }
      const [lon, lat] = f.geometry?.coordinates ?? [NaN, NaN];
      expectSameCoordinates(lon, lat, u);
    }
    const syd = fc.features.find((f) => f.properties.id === sydney.record.id);
    expect(syd?.properties).toEqual({
      id: sydney.record.id,
      name: "syd.jpg",
      date: "2024-05-01",
      pole_id: sydney.record.pole_id,
      pole_label: "@A1 <Pole & 7>",
      risk: "high",
      notes: STORED_NOTE,
      uploaded_by: owner.email,
      image_url: `http://localhost:8080${sydney.record.image_url}`,
      heading: null,
    });
  });
});

describe("GET /api/export?format=csv", () => {
  it("is RFC 4180 with the documented header, exact coordinates and formulas neutralised", async () => {
    const res = await exportFile(t, owner, "format=csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`filename="poleatlas-personal-${DATE}\\.csv"$`),
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows).toHaveLength(4);
    const col = (row: string[], name: (typeof EXPORT_CSV_COLUMNS)[number]) =>
      row[EXPORT_CSV_COLUMNS.indexOf(name)] as string;
    for (const row of rows) {
      const u = byId(col(row, "id"));
      if (u === unplaced) {
        expect([col(row, "latitude"), col(row, "longitude")]).toEqual(["", ""]);
        continue;
      }
      // Negative coordinates are numbers, not formulas: no prefix.
      expectSameCoordinates(Number(col(row, "longitude")), Number(col(row, "latitude")), u);
    }
    const syd = rows.find((r) => col(r, "id") === sydney.record.id) as string[];
    expect(col(syd, "latitude").startsWith("-")).toBe(true);
    // A spreadsheet would run these; the export hands them over as text.
    expect(col(syd, "notes")).toBe(`'${STORED_NOTE}`);
    expect(col(syd, "pole_label")).toBe("'@A1 <Pole & 7>");
    expect(col(syd, "risk")).toBe("high");
    expect(col(syd, "uploaded_by")).toBe(owner.email);
    expect(col(syd, "image_url")).toBe(`http://localhost:8080${sydney.record.image_url}`);
    const san = rows.find((r) => col(r, "id") === santiago.record.id) as string[];
    expect(col(san, "name")).toBe("'+SUM(1,2) <&> pole.jpg");
    expect(col(san, "risk")).toBe("");
    for (const row of rows) {
      for (const cell of row) {
        if (/^-?\d/.test(cell)) continue;
        expect(cell).not.toMatch(/^[=+\-@]/);
      }
    }
  });
});

describe("GET /api/export?format=kml", () => {
  // fast-xml-parser decodes the five XML entities itself.
  const parse = (text: string): unknown => {
    expect(XMLValidator.validate(text)).toBe(true);
    return new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (tag) => ["Folder", "Placemark", "Style"].includes(tag),
    }).parse(text);
  };

  it("is KML 2.2: placed photos only, lon,lat coordinates, TimeStamps, risk styles, a Folder per pole", async () => {
    const res = await exportFile(t, owner, "format=kml");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.google-earth.kml+xml");
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`filename="poleatlas-personal-${DATE}\\.kml"$`),
    );
    const doc = parse(res.body) as {
      kml: {
        "@_xmlns": string;
        Document: {
          Style: { "@_id": string; IconStyle: { color: string } }[];
          Folder: { name: string; Placemark: Record<string, unknown>[] }[];
        };
      };
    };
    expect(doc.kml["@_xmlns"]).toBe("http://www.opengis.net/kml/2.2");
    const styles = Object.fromEntries(doc.kml.Document.Style.map((s) => [s["@_id"], s.IconStyle.color]));
    expect(styles).toMatchObject({ "risk-high": "ff3643f4", "risk-low": "ff50af4c" });
    const folders = doc.kml.Document.Folder;
    // Three placed photos, each at its own pole; the unplaced one is left out.
    expect(folders).toHaveLength(3);
    expect(folders.map((f) => f.name)).toContain("@A1 <Pole & 7>");
    const placemarks = folders.flatMap((f) => f.Placemark) as {
      "@_id": string;
      name: string;
      TimeStamp: { when: string };
      styleUrl: string;
      Point: { coordinates: string };
    }[];
    expect(placemarks).toHaveLength(3);
    for (const p of placemarks) {
      const u = byId(p["@_id"].slice(2));
      const [lon, lat] = p.Point.coordinates.split(",").map(Number) as [number, number];
      expectSameCoordinates(lon, lat, u);
      expect(p.TimeStamp.when).toBe(u.record.date);
    }
    const bySyd = placemarks.find((p) => p["@_id"] === `p-${sydney.record.id}`);
    expect(bySyd?.styleUrl).toBe("#risk-high");
    const bySan = placemarks.find((p) => p["@_id"] === `p-${santiago.record.id}`);
    expect(bySan?.name).toBe("+SUM(1,2) <&> pole.jpg");
    expect(bySan?.styleUrl).toBe("#risk-unrated");
  });
});
