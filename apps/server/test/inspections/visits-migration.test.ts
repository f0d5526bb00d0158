/**
 * Migration 0027 on a database where "inspected" meant the latest photo or finding date: each pole
 * so inspected gets one detailed visit made from photo dates on that day, a workspace keeps its
 * cycle as the detailed inspection's (so no pole changes state), a pole never photographed nor
 * given a finding has no inspection on record, and the regions' counts follow.
 */
import { describe, expect, it } from "vitest";
import { useDatabaseBefore } from "../helpers/migration-database";

const db = useDatabaseBefore("0027");

describe("0027_inspection_visits", () => {
  it("turns each pole's last photo or finding date into a visit and keeps every state", async () => {
    await db.query(
      `INSERT INTO "user" (id, name, email, email_verified) VALUES ('u', '', 'u@example.test', true)`,
    );
    // A team with a 7-year cycle; a personal workspace on the default (10 years).
    await db.query(`INSERT INTO workspace_inspection_settings
      (workspace_id, codes, allowance_days_1, allowance_days_2, allowance_days_3, cycle_years)
      VALUES ('team', '[]', 7, 365, 1825, 7)`);
    const poles: [string, string, string | null, string | null][] = [
      ["team", "T-photo", "2020-04-01", null],
      ["team", "T-finding", "2019-01-01", "2021-05-05"],
      ["team", "T-none", null, null],
      ["u", "U-photo", "2018-02-03", null],
    ];
    for (const [i, [ws, label, photo, finding]] of poles.entries()) {
      await db.query(
        `INSERT INTO utility_poles (workspace_id, source, latitude, longitude, label, last_photo_on, last_finding_on)
         VALUES ($1, 'import', $2, 10.05, $3, $4, $5)`,
        [ws, 50.05 + i, label, photo, finding],
      );
    }

    await db.apply("0027_inspection_visits");

    const { rows } = await db.query(`SELECT p.label, v.type, v.inspected_on::text AS on, v.source, v.result,
        p.last_inspected_on::text AS last, p.inspection_due_on::text AS due
      FROM utility_poles p LEFT JOIN utility_pole_visits v ON v.pole_id = p.id ORDER BY p.label`);
    expect(rows).toEqual([
      {
        label: "T-finding",
        type: "detailed",
        on: "2021-05-05",
        source: "photos",
        result: null,
        last: "2021-05-05",
        due: "2028-05-05",
      },
      { label: "T-none", type: null, on: null, source: null, result: null, last: null, due: null },
      {
        label: "T-photo",
        type: "detailed",
        on: "2020-04-01",
        source: "photos",
        result: null,
        last: "2020-04-01",
        due: "2027-04-01",
      },
      {
        label: "U-photo",
        type: "detailed",
        on: "2018-02-03",
        source: "photos",
        result: null,
        last: "2018-02-03",
        due: "2028-02-03",
      },
    ]);
    const types = await db.query<{ workspace_id: string; types: unknown[] }>(
      `SELECT workspace_id, types FROM workspace_inspection_types ORDER BY 1`,
    );
    expect(types.rows.map((r) => [r.workspace_id, r.types[1]])).toEqual([
      ["team", { code: "detailed", name: "Detailed", cycleYears: 7 }],
      ["u", { code: "detailed", name: "Detailed", cycleYears: 10 }],
    ]);
    // The kept counts: one pole with none on record ('infinity'), the others by their due year.
    const kept = await db.query(`SELECT workspace_id, starts::text, poles FROM utility_pole_region_dates
      WHERE kind = 'inspected' AND span = 'year' ORDER BY 1, 2`);
    expect(kept.rows).toEqual([
      { workspace_id: "team", starts: "2027-01-01", poles: 1 },
      { workspace_id: "team", starts: "2028-01-01", poles: 1 },
      { workspace_id: "team", starts: "infinity", poles: 1 },
      { workspace_id: "u", starts: "2028-01-01", poles: 1 },
    ]);
  });
});
