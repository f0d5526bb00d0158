/**
 * Every layer carries what the map shows of a pole: its condition (the worst open finding, else
 * its rating) and where that comes from, its inspection state and, per inspection type, the last
 * visit, the due day and the state. GDAL reads the Shapefile and the GeoPackage, and what it
 * reads equals what GET /api/poles/:id answers; the Shapefile's field names are valid dBASE names.
 */
import { DEFAULT_INSPECTION_TYPES, inspectionState, inspectionTypeColumns } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { addFinding } from "../inspections/support";
import { recordVisit } from "../inspections/visit-support";
import { imported, poleRecord, polesOf } from "../poles/import-support";
import { METRES_PER_DEGREE, patchImage, placedPhoto } from "../poles/support";
import { ogrSummary, ogrValues } from "./gdal-support";
import { exportFile } from "./photos";
import { parseCsv } from "./support";

const TODAY = "2026-06-01";
const t = useTestApp({}, { today: () => TODAY });
const owner = useSignedInUser(t);

const REGISTER = [
  "pole_id,latitude,longitude,Cross-arm",
  "C-1,37.7749,-122.4194,steel",
  "C-2,37.8044,-122.2711,wood",
  "C-3,37.3382,-121.8863,",
].join("\n");

/** Pole tag → id. */
const ids = new Map<string, string>();
let photoOnC1 = "";

beforeAll(async () => {
  expect(await imported(t, owner, REGISTER)).toMatchObject({ created: 3, rejected: [] });
  for (const p of await polesOf(t, owner.id)) ids.set(p.tag!, p.id);
  // C-1: rated low by a photo, and an open Level 1 finding: the map shows it High, by the finding.
  const photo = await placedPhoto(t, owner.cookie, 37.7749 + 2 / METRES_PER_DEGREE, -122.4194, "2026-03-01");
  expect(photo.pole_id).toBe(ids.get("C-1"));
  photoOnC1 = photo.id;
  expect((await patchImage(t, owner.cookie, photo.id, { risk: "low" })).statusCode).toBe(200);
  await addFinding(t, owner.cookie, ids.get("C-1")!, { code: "lean", level: 1, observed_on: "2026-05-01" });
  // C-2: rated medium, no finding; a patrol in 2024 (due 2026-05-01: overdue), a detailed one in 2023.
  const rated = await placedPhoto(t, owner.cookie, 37.8044, -122.2711 + 2 / METRES_PER_DEGREE, "2026-02-01");
  expect((await patchImage(t, owner.cookie, rated.id, { risk: "medium" })).statusCode).toBe(200);
  await recordVisit(t, owner.cookie, ids.get("C-2")!, { type: "patrol", inspected_on: "2024-05-01" });
  await recordVisit(t, owner.cookie, ids.get("C-2")!, { type: "detailed", inspected_on: "2023-01-15" });
  // C-3: nothing.
});

/** What the pole's own record says, in the export's words. */
async function fromRecord(tag: string) {
  const { pole, findings } = await poleRecord(t, owner, ids.get(tag)!);
  const source = findings.some((f) => f.status !== "resolved")
    ? "finding"
    : pole.condition === "unrated"
      ? ""
      : "rating";
  return { condition: pole.condition, source, state: pole.inspection.state };
}

describe("the pole's condition and inspection state in every layer", () => {
  it("the API's answer is what the test seeded (the oracle is sound)", async () => {
    expect(await fromRecord("C-1")).toEqual({ condition: "high", source: "finding", state: "never" });
    expect(await fromRecord("C-2")).toEqual({ condition: "medium", source: "rating", state: "overdue" });
    expect(await fromRecord("C-3")).toEqual({ condition: "unrated", source: "", state: "never" });
  });

  for (const format of ["shp", "gpkg"] as const) {
    it(`${format}: GDAL reads valid fields holding what the pole's record says`, async () => {
      const res = await exportFile(t, owner, `layer=poles&format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const file = { bytes: res.rawPayload, name: format === "shp" ? "poles.zip" : "poles.gpkg" };
      const { fields } = await ogrSummary(file);
      const shp = format === "shp";
      if (shp) for (const f of fields) expect(f).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,9}$/);
      const [condition, source, state, crossArm] = shp
        ? ["condition", "cond_src", "insp_state", "Cross_arm"]
        : ["condition", "condition_source", "inspection_state", "Cross-arm"];
      expect(fields).toEqual(expect.arrayContaining([condition, source, state, crossArm]));
      const features = await ogrValues(file);
      for (const tag of ["C-1", "C-2", "C-3"]) {
        const f = features.find((v) => v.tag === tag)!;
        const record = await fromRecord(tag);
        expect([f[condition], f[source], f[state]], tag).toEqual([
          record.condition,
          record.source,
          record.state,
        ]);
      }
      const c2 = features.find((v) => v.tag === "C-2")!;
      expect(c2[crossArm]).toBe("wood");
      // Per type: a Shapefile cuts the code to 5 and says last, due, stat.
      const [last, due, typeState] = shp
        ? ["patro_last", "patro_due", "patro_stat"]
        : inspectionTypeColumns("patrol");
      // GDAL prints dates as YYYY/MM/DD.
      const day = (d: string) => d.replaceAll("-", "/");
      expect([c2[last], c2[due], c2[typeState]]).toEqual([day("2024-05-01"), day("2026-05-01"), "overdue"]);
      const detailed = shp ? ["detai_last", "detai_due", "detai_stat"] : inspectionTypeColumns("detailed");
      expect(detailed.map((n) => c2[n])).toEqual([
        day("2023-01-15"),
        day("2028-01-15"),
        inspectionState("2028-01-15", TODAY),
      ]);
      const intrusive = shp ? ["intru_stat"] : [inspectionTypeColumns("intrusive")[2]];
      expect(c2[intrusive[0]!]).toBe("never");
    });
  }

  it("CSV and GeoJSON carry the same columns, one per type of the workspace", async () => {
    const csv = await exportFile(t, owner, "layer=poles&format=csv");
    const [header, ...rows] = parseCsv(csv.body);
    for (const type of DEFAULT_INSPECTION_TYPES)
      expect(header).toEqual(expect.arrayContaining([...inspectionTypeColumns(type.code)]));
    const c1 = rows.find((r) => r[header!.indexOf("tag")] === "C-1")!;
    expect(["condition", "condition_source"].map((c) => c1[header!.indexOf(c)])).toEqual(["high", "finding"]);
    const geojson = JSON.parse((await exportFile(t, owner, "layer=poles&format=geojson")).body) as {
      features: { properties: Record<string, unknown> }[];
    };
    const c2 = geojson.features.find((f) => f.properties.tag === "C-2")!.properties;
    expect(c2).toMatchObject({
      condition: "medium",
      condition_source: "rating",
      inspection_state: "overdue",
    });
  });

  it("the photos and findings layers carry their pole's condition and its source", async () => {
    const photos = parseCsv((await exportFile(t, owner, "format=csv")).body);
    const [header, ...rows] = photos;
    const photo = rows.find((r) => r[header!.indexOf("id")] === photoOnC1)!;
    expect([photo[header!.indexOf("risk")], photo[header!.indexOf("pole_condition")]]).toEqual([
      "low",
      "high",
    ]);
    expect(photo[header!.indexOf("pole_condition_source")]).toBe("finding");
    const findings = await exportFile(t, owner, "layer=findings&format=gpkg");
    const [finding] = await ogrValues({ bytes: findings.rawPayload, name: "findings.gpkg" });
    expect(finding).toMatchObject({
      pole_tag: "C-1",
      pole_condition: "high",
      pole_condition_source: "finding",
    });
    expect(finding!.pole_inspection_state).toBe("never");
  });
});

describe("the poles layer's risk filter", () => {
  it("selects by the condition the map shows, not the rating alone", async () => {
    const res = await exportFile(t, owner, "layer=poles&format=csv&risk=high");
    const [header, ...rows] = parseCsv(res.body);
    expect(rows.map((r) => r[header!.indexOf("tag")])).toEqual(["C-1"]);
    // C-1 is rated low, but the map shows it High: no pole is Low.
    const low = parseCsv((await exportFile(t, owner, "layer=poles&format=csv&risk=low")).body);
    expect(low).toHaveLength(1);
  });
});
