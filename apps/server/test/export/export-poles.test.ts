/**
 * The export's poles layer: one row per pole with its register fields, attributes as columns of
 * their own, risk, photo count, last photo date, last visit and inspection due day; the file imported into an empty workspace
 * gives the same poles (CSV and GeoJSON); only the actor's own workspace is exported.
 */
import {
  DEFAULT_INSPECTION_TYPES,
  EXPORT_POLE_COLUMNS,
  inspectionState,
  inspectionTypeColumns,
} from "@poleatlas/shared";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported, polesOf, type StoredPoleRow } from "../poles/import-support";
import { METRES_PER_DEGREE, patchImage, placedPhoto } from "../poles/support";
import { createTeam, setActive } from "../workspaces/support";
import { recordVisit } from "../inspections/visit-support";
import { exportFile } from "./photos";
import { parseCsv } from "./support";

/** The poles layer's columns of the workspace's inspection types (the defaults here). */
const TYPE_COLUMNS = DEFAULT_INSPECTION_TYPES.flatMap((type) => inspectionTypeColumns(type.code));
const today = () => new Date().toISOString().slice(0, 10);

const t = useTestApp();
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const REGISTER = [
  "pole_id,latitude,longitude,material,height_m,class,installed_year,circuit,label,Owner,Span",
  "P-1,37.7749,-122.4194,wood,12.5,4,1987,F-12,Corner of 5th,Acme,42",
  'P-2,37.7750,-122.418,steel,15,H1,2001,F-12,"=cmd, ""quoted""",Acme,',
  "P-3,-33.8688,151.2093,,,,,,,,",
].join("\n");

/** What a pole is, without its id and photos: what a round trip must keep. */
const register = (p: StoredPoleRow) => ({
  tag: p.tag,
  label: p.label,
  latitude: p.latitude,
  longitude: p.longitude,
  material: p.material,
  height_m: p.height_m,
  class: p.class,
  installed_year: p.installed_year,
  circuit: p.circuit,
  source: p.source,
  attributes: p.attributes,
});

/** A fresh team workspace of the owner's, made active: an empty workspace to import into. */
async function emptyWorkspace(): Promise<string> {
  const team = await createTeam(t, owner);
  await setActive(t, owner, team);
  return team;
}

describe("GET /api/export?layer=poles", () => {
  it("writes one CSV row per pole with its fields, attributes, risk, photo count and last photo date", async () => {
    await setActive(t, owner, null);
    expect(await imported(t, owner, REGISTER)).toMatchObject({ created: 3, rejected: [] });
    const [p1] = await polesOf(t, owner.id);
    // Two photos 2 m from P-1 join it; the later one is rated high.
    await placedPhoto(t, owner.cookie, 37.7749 + 2 / METRES_PER_DEGREE, -122.4194, "2024-03-01");
    const later = await placedPhoto(
      t,
      owner.cookie,
      37.7749,
      -122.4194 + 2 / METRES_PER_DEGREE,
      "2024-06-30",
    );
    expect(later.pole_id).toBe(p1!.id);
    expect((await patchImage(t, owner.cookie, later.id, { risk: "high" })).statusCode).toBe(200);
    await recordVisit(t, owner.cookie, p1!.id, { type: "detailed", inspected_on: "2024-05-01" });
    // Its lean as measured from its photos (the lean route's own tests measure it).
    await t.db.database.db.execute(sql`
      UPDATE utility_poles SET lean_deg = 6.2149, lean_toward_deg = 134.96, lean_apparent = false,
        lean_measured_at = '2026-05-04T10:20:30.123Z' WHERE id = ${p1!.id}`);

    const res = await exportFile(t, owner, "format=csv&layer=poles");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /filename="poleatlas-personal-poles-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...EXPORT_POLE_COLUMNS, ...TYPE_COLUMNS, "Owner", "Span"]);
    expect(rows).toHaveLength(3);
    const record = (r: string[]) => Object.fromEntries(header!.map((h, i) => [h, r[i]]));
    expect(record(rows[0]!)).toEqual({
      pole_uuid: p1!.id,
      tag: "P-1",
      label: "Corner of 5th",
      latitude: "37.7749",
      longitude: "-122.4194",
      material: "wood",
      height_m: "12.5",
      class: "4",
      installed_year: "1987",
      circuit: "F-12",
      source: "import",
      position_source: "import",
      risk: "high",
      photo_count: "2",
      last_photo_date: "2024-06-30",
      last_visit_on: "2024-05-01",
      inspection_due_on: "2029-05-01",
      lean_deg: "6.21",
      lean_toward_deg: "135",
      lean_apparent: "false",
      lean_measured_at: "2026-05-04T10:20:30Z",
      // No open finding: the map colours the pole by its rating.
      condition: "high",
      condition_source: "rating",
      inspection_state: inspectionState("2029-05-01", today()),
      inspection_patrol_last_visit_on: "",
      inspection_patrol_due_on: "",
      inspection_patrol_state: "never",
      inspection_detailed_last_visit_on: "2024-05-01",
      inspection_detailed_due_on: "2029-05-01",
      inspection_detailed_state: inspectionState("2029-05-01", today()),
      inspection_intrusive_last_visit_on: "",
      inspection_intrusive_due_on: "",
      inspection_intrusive_state: "never",
      Owner: "Acme",
      Span: "42",
    });
    // A label a spreadsheet would run is neutralised; an unphotographed pole is unrated, no date.
    expect(record(rows[1]!)).toMatchObject({
      label: `'=cmd, "quoted"`,
      photo_count: "0",
      risk: "",
      lean_deg: "",
      lean_apparent: "",
      condition: "unrated",
      condition_source: "",
      inspection_state: "never",
    });
    expect(record(rows[2]!)).toMatchObject({ tag: "P-3", last_photo_date: "", Owner: "", material: "" });
  });

  it("writes GeoJSON Points with the same properties, and KML placemarks named by tag", async () => {
    await setActive(t, owner, null);
    const res = await exportFile(t, owner, "format=geojson&layer=poles");
    expect(res.statusCode, res.body).toBe(200);
    const fc = JSON.parse(res.body) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    expect(fc.features.map((f) => f.properties.tag)).toEqual(["P-1", "P-2", "P-3"]);
    expect(fc.features[0]!.geometry.coordinates).toEqual([-122.4194, 37.7749]);
    expect(fc.features[0]!.properties).toMatchObject({ height_m: 12.5, photo_count: 2, Owner: "Acme" });
    expect(fc.features[2]!.properties).not.toHaveProperty("Owner");

    const kml = await exportFile(t, owner, "format=kml&layer=poles");
    expect(kml.statusCode, kml.body).toBe(200);
    expect(XMLValidator.validate(kml.body)).toBe(true);
    const doc = new XMLParser({ parseTagValue: false, isArray: (tag) => tag === "Placemark" }).parse(
      kml.body,
    ) as {
      kml: { Document: { Placemark: { name: string }[] } };
    };
    expect(doc.kml.Document.Placemark.map((p) => p.name)).toEqual(["P-1", "P-2", "P-3"]);
  });

  it.each(["csv", "geojson"])(
    "imports back from %s into an empty workspace as the same poles",
    async (format) => {
      await setActive(t, owner, null);
      const before = (await polesOf(t, owner.id)).map(register);
      const res = await exportFile(t, owner, `format=${format}&layer=poles`);
      expect(res.statusCode, res.body).toBe(200);
      const team = await emptyWorkspace();
      const again = await imported(t, owner, res.body, `poles.${format}`);
      expect(again).toMatchObject({ created: 3, updated: 0, rejected: [] });
      expect((await polesOf(t, team)).map(register)).toEqual(before);
      // The same file again changes nothing.
      expect(await imported(t, owner, res.body, `poles.${format}`)).toMatchObject({ unchanged: 3 });
    },
  );

  it("exports only the actor's own workspace, and refuses the photos' date filters", async () => {
    await setActive(t, owner, null);
    const res = await exportFile(t, stranger, "format=csv&layer=poles");
    expect(res.statusCode, res.body).toBe(200);
    expect(parseCsv(res.body)).toEqual([[...EXPORT_POLE_COLUMNS, ...TYPE_COLUMNS]]);
    const dated = await exportFile(t, owner, "format=csv&layer=poles&from=2024-01-01");
    expect(dated.statusCode).toBe(400);
    expect(dated.body).toContain("The poles layer has no 'from' filter.");
    expect((await exportFile(t, owner, "format=csv&layer=trees")).statusCode).toBe(400);
    expect((await exportFile(t, null, "format=csv&layer=poles")).statusCode).toBe(401);
  });
});
