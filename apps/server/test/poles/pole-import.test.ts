/**
 * POST /api/poles/import with CSV and GeoJSON registers: what is created, updated and unchanged,
 * every rejection reason with the file's own row numbers, the dry run that changes nothing, and
 * who may import.
 */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { addMember, createTeam, setActive } from "../workspaces/support";
import { importFile, imported, poleRecord, polesOf } from "./import-support";

const t = useTestApp();
const owner = useSignedInUser(t);
const member = useSignedInUser(t);

const CSV = [
  "Pole_ID,Latitude,Longitude,Material,Height,Class,Installed_Year,Circuit,Owner,Span",
  "P-1,37.7749,-122.4194,Wood,12.5,4,1987,F-12,Acme,42",
  "P-2,37.7750,-122.4180,steel,15,H1,2001,F-12,Acme,",
  "P-3,37.7760,-122.4170,,,,,,,",
].join("\n");

describe("importing a CSV register", () => {
  it("creates poles with their fields, then counts a re-import as unchanged and edits as updates", async () => {
    const dry = await imported(t, owner, CSV, "poles.csv", true);
    expect(dry).toMatchObject({ created: 3, updated: 0, unchanged: 0, rejected: [], dry_run: true });
    expect(dry.bounds).toEqual({ minLon: -122.4194, minLat: 37.7749, maxLon: -122.417, maxLat: 37.776 });
    expect(await polesOf(t, owner.id)).toEqual([]); // the dry run wrote nothing

    expect(await imported(t, owner, CSV)).toMatchObject({
      created: 3,
      updated: 0,
      unchanged: 0,
      rejected: [],
    });
    const poles = await polesOf(t, owner.id);
    expect(poles.map((p) => p.tag)).toEqual(["P-1", "P-2", "P-3"]);
    expect(poles[0]).toMatchObject({
      latitude: 37.7749,
      longitude: -122.4194,
      material: "wood",
      height_m: 12.5,
      class: "4",
      installed_year: 1987,
      circuit: "F-12",
      source: "import",
      attributes: { Owner: "Acme", Span: "42" },
      photo_count: 0,
    });
    expect(poles[2]).toMatchObject({ material: null, height_m: null, attributes: {} });

    expect(await imported(t, owner, CSV)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    // P-2 moves, P-3 gains a material, p-4 is new; the tag's case does not matter.
    const edited = [
      "pole_id,lat,lon,material",
      "p-2,37.7751,-122.4180,steel",
      "P-3,37.7760,-122.4170,concrete",
      "P-4,37.7770,-122.4160,",
    ].join("\n");
    expect(await imported(t, owner, edited, "poles.csv", true)).toMatchObject({ created: 1, updated: 2 });
    expect(await imported(t, owner, edited)).toMatchObject({ created: 1, updated: 2, unchanged: 0 });
    const after = await polesOf(t, owner.id);
    expect(after.map((p) => [p.tag, p.latitude, p.material])).toEqual([
      ["P-1", 37.7749, "wood"],
      ["p-2", 37.7751, "steel"],
      ["P-3", 37.776, "concrete"],
      ["P-4", 37.777, null],
    ]);
    expect(after.map((p) => p.id).slice(0, 3)).toEqual(poles.map((p) => p.id));
    // The register placed them all: the record says so.
    expect((await poleRecord(t, owner, after[1]!.id)).pole).toMatchObject({ position_source: "import" });
  });

  it("rejects bad rows with their line and reason, and imports the good ones", async () => {
    const who = member; // in their own workspace they are the owner
    const nextYear = new Date().getUTCFullYear() + 1;
    const csv = [
      "tag,y,x,material,height_m,installed_year,class,circuit,note",
      "R-1,91,10,,,,,,",
      "R-2,10,181,,,,,,",
      "R-3,,10,,,,,,",
      "R-4,abc,10,,,,,,",
      "R-5,10,10,brick,,,,,",
      "R-6,10,10,,0,,,,",
      `R-7,10,10,,,${nextYear + 1},,,`,
      `R-8,10,10,,,,${"c".repeat(17)},,`,
      `R-9,10,10,,,,,${"c".repeat(65)},`,
      `${"T".repeat(65)},10,10,,,,,,`,
      `R-10,10,10,,,,,,${"n".repeat(4100)}`,
      "R-11,10,10",
      "OK-1,10.001,10.001,,,,,,",
      "ok-1,10.002,10.002,,,,,,",
      `OK-2,-10,-10,other,100,${nextYear},H1,C,fine`,
    ].join("\n");
    const result = await imported(t, who, csv);
    expect(result.rejected).toEqual([
      { row: 2, reason: "latitude 91 is out of range" },
      { row: 3, reason: "longitude 181 is out of range" },
      { row: 4, reason: "no coordinates" },
      { row: 5, reason: "latitude abc is not a number" },
      { row: 6, reason: "material brick is not one of wood, steel, concrete, composite, other" },
      { row: 7, reason: "height_m 0 is out of range (1–100)" },
      { row: 8, reason: `installed_year ${nextYear + 1} is out of range (1850–${nextYear})` },
      { row: 9, reason: "class is longer than 16 characters" },
      { row: 10, reason: "circuit is longer than 64 characters" },
      { row: 11, reason: "tag is longer than 64 characters" },
      { row: 12, reason: "note is longer than the 256 characters an attribute may hold" },
      { row: 13, reason: "has 3 columns where the header has 9" },
      { row: 15, reason: "tag ok-1 appears twice in this file" },
    ]);
    expect(result).toMatchObject({ created: 2, updated: 0, unchanged: 0, rejected_count: 13 });
    expect((await polesOf(t, who.id)).map((p) => p.tag)).toEqual(["OK-1", "OK-2"]);
  });

  it("updates the pole an import left at a row's position when it has no tag, else creates one", async () => {
    const team = await createTeam(t, owner);
    await setActive(t, owner, team);
    const first = "lat,lon,material\n50.0,8.0,wood\n50.1,8.0,wood\n";
    expect(await imported(t, owner, first)).toMatchObject({ created: 2 });
    // 0.3 m north of the first: the same pole, now steel; 4 m away: a new one.
    const near = `lat,lon,material\n${50 + 0.3 / 111195},8.0,steel\n${50 + 4 / 111195},8.0,wood\n`;
    expect(await imported(t, owner, near)).toMatchObject({ created: 1, updated: 1, unchanged: 0 });
    const poles = await polesOf(t, team);
    expect(poles.map((p) => p.material)).toEqual(["steel", "wood", "wood"]);
    await setActive(t, owner, null);
  });

  it("refuses a file without coordinate columns, no file, and members and viewers", async () => {
    const noCoordinates = await importFile(t, owner, "tag,name\nP-1,x\n", "poles.csv");
    expect(noCoordinates.statusCode).toBe(400);
    expect(noCoordinates.json()).toMatchObject({ code: "import_no_coordinates" });
    const empty = await importFile(t, owner, "", "poles.csv");
    expect(empty.statusCode).toBe(400);

    const team = await createTeam(t, owner);
    await addMember(t, team, owner, member, "member");
    await setActive(t, member, team);
    expect((await importFile(t, member, CSV, "poles.csv")).statusCode).toBe(403);
    expect((await polesOf(t, team)).length).toBe(0);
    await setActive(t, member, null);
    await setActive(t, owner, null);
  });
});

describe("importing a GeoJSON register", () => {
  it("reads Points and their properties, numbering rejections by feature", async () => {
    const team = await createTeam(t, owner);
    await setActive(t, owner, team);
    const doc = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [2.35, 48.85] },
          properties: { asset_id: "G-1", height_m: 11, span: 40, owner: "Enedis" },
        },
        { type: "Feature", geometry: null, properties: { asset_id: "G-2" } },
        {
          type: "Feature",
          geometry: {
            type: "LineString",
            coordinates: [
              [2, 48],
              [2.1, 48.1],
            ],
          },
          properties: { asset_id: "G-3" },
        },
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [2.36, 48.86] },
          properties: { asset_id: "G-1" },
        },
      ],
    };
    const result = await imported(t, owner, JSON.stringify(doc), "poles.geojson");
    expect(result).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect(result.rejected).toEqual([
      { row: 2, reason: "no coordinates" },
      { row: 3, reason: "the geometry is a LineString, not a Point" },
      { row: 4, reason: "tag G-1 appears twice in this file" },
    ]);
    const [pole] = await polesOf(t, team);
    expect(pole).toMatchObject({
      tag: "G-1",
      latitude: 48.85,
      longitude: 2.35,
      height_m: 11,
      attributes: { span: 40, owner: "Enedis" },
    });
    const bad = await importFile(t, owner, '{"type":"Feature"}', "poles.geojson");
    expect(bad.statusCode).toBe(400);
    await setActive(t, owner, null);
  });
});
