/**
 * A register's last inspections (last_inspected_on and last_inspection_type, or their usual
 * names) become imported visits: reported by the dry run, added once (a re-run adds none), each
 * pole's state read from them; a day or type that cannot be a visit of this workspace is the
 * row's error.
 */
import { poleVisitsSchema, visitTexts, type InspectionState } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { get } from "../inspections/support";
import { imported, polesOf, poleRecord } from "./import-support";

let today = "2026-06-01";
const t = useTestApp({}, { today: () => today });
const owner = useSignedInUser(t);

const TYPES = ["patrol", "detailed", "intrusive"];
const CSV = [
  "tag,lat,lon,Last_Inspected_On,Last_Inspection_Type",
  "V-1,45.01,7.01,2024-05-01,detailed",
  "V-2,45.02,7.01,2020-05-01,Detailed",
  "V-3,45.03,7.01,,",
].join("\n");

describe("a register's last inspections", () => {
  it("become imported visits, once, and give each pole its state", async () => {
    const dry = await imported(t, owner, CSV, "poles.csv", true);
    expect(dry).toMatchObject({ created: 3, visits: 2, rejected: [] });
    expect(await polesOf(t, owner.id)).toEqual([]);

    expect(await imported(t, owner, CSV)).toMatchObject({ created: 3, visits: 2, rejected: [] });
    // A re-run changes nothing and adds no visit.
    expect(await imported(t, owner, CSV)).toMatchObject({ unchanged: 3, visits: 0 });

    const poles = await polesOf(t, owner.id);
    const byTag = new Map(poles.map((p) => [p.tag, p.id]));
    const state = async (tag: string): Promise<InspectionState> =>
      (await poleRecord(t, owner, byTag.get(tag)!)).pole.inspection.state;
    expect(await state("V-1")).toBe("current");
    expect(await state("V-2")).toBe("overdue");
    expect(await state("V-3")).toBe("never");

    const res = await get(t, owner.cookie, `/api/poles/${byTag.get("V-1")}/inspections`);
    expect(poleVisitsSchema.parse(res.json()).inspections).toMatchObject([
      { type: "detailed", inspected_on: "2024-05-01", source: "imported", result: null },
    ]);
  });

  it("read the usual other names, and refuse a row whose day or type cannot be a visit", async () => {
    const csv = [
      "pole_id,latitude,longitude,inspection_date,inspection_type",
      "W-1,46.01,8.01,2025-01-02,patrol",
      "W-2,46.02,8.01,2025-01-02,aerial",
      "W-3,46.03,8.01,2026-06-02,patrol",
      "W-4,46.04,8.01,02/01/2025,patrol",
      "W-5,46.05,8.01,2025-01-02,",
      "W-6,46.06,8.01,,patrol",
      ",46.07,8.01,2025-01-02,patrol",
    ].join("\n");
    const result = await imported(t, owner, csv);
    expect(result).toMatchObject({ created: 1, visits: 1 });
    expect(result.rejected).toEqual([
      { row: 3, reason: visitTexts.importUnknownType("aerial", TYPES) },
      { row: 4, reason: visitTexts.futureDate },
      { row: 5, reason: visitTexts.importBadDay("02/01/2025") },
      { row: 6, reason: visitTexts.importUnknownType("", TYPES) },
      { row: 7, reason: visitTexts.importNoDay },
      { row: 8, reason: visitTexts.importNeedsTag },
    ]);
    today = "2026-06-01";
  });
});
