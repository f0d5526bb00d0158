/**
 * The regions list's inspection counts (poles with an overdue finding; poles due and overdue for
 * inspection) come from kept counts by year and month, not a scan of every pole per request, and
 * still equal a direct count of the poles after findings come and go, poles move between regions
 * or go, the cycle changes and the days pass.
 */
import { addYears, DEFAULT_INSPECTION_SETTINGS, regionKey, regionListSchema } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createInspectionsRepository } from "../../src/modules/inspections/inspections.repository";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createTeam, setActive } from "../workspaces/support";
import { get, send } from "./support";

let today = "2026-03-15";
const t = useTestApp({}, { today: () => today });
const owner = useSignedInUser(t);
const db = () => t.db.database.db;
/** A team's workspace: a team sets its own inspection cycle. */
let ws = "";
beforeAll(async () => {
  ws = await createTeam(t, owner);
  await setActive(t, owner, ws);
});

/**
 * `n` register poles in the region around (lat, lon), each last photographed `i` weeks after
 * `firstPhoto` (every fifth never), one finding on every third pole due `i` weeks after `firstDue`.
 */
async function addPoles(n: number, lat: number, lon: number, firstPhoto: string, firstDue: string) {
  await db()
    .execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, label, last_photo_on)
    SELECT ${ws}, 'import', ${lat}::float8 + i * 1e-5, ${lon}::float8, 'T-' || i,
           CASE WHEN i % 5 = 0 THEN NULL ELSE ${firstPhoto}::date + i * 7 END
    FROM generate_series(1, ${n}) AS i`);
  await db().execute(sql`INSERT INTO utility_pole_findings
      (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
    SELECT ${ws}, p.id, 'lean', 1 + (row_number() OVER (ORDER BY p.label) % 3)::int, ${firstPhoto}::date,
           ${firstDue}::date + (row_number() OVER (ORDER BY p.label))::int * 7, ${owner.id}
    FROM utility_poles p
    WHERE p.workspace_id = ${ws} AND p.label ~ '^T-[0-9]*[0369]$'
      AND p.region_lon = round(${lon}::numeric, 1) AND p.region_lat = round(${lat}::numeric, 1)`);
}

/** What the regions list said before the kept counts: every pole of the workspace, counted. */
async function direct(cycle: number) {
  const overdueBefore = addYears(today, -cycle);
  const dueBefore = addYears(today, -(cycle - 1));
  const rows = (
    await db().execute(sql`SELECT region_lon, region_lat,
        count(*) FILTER (WHERE finding_due_on < ${today}::date)::int AS overdue,
        count(*) FILTER (WHERE last_inspected_on IS NULL OR last_inspected_on <= ${overdueBefore}::date)::int AS io,
        count(*) FILTER (WHERE last_inspected_on > ${overdueBefore}::date
                           AND last_inspected_on <= ${dueBefore}::date)::int AS id
      FROM utility_poles WHERE workspace_id = ${ws} GROUP BY region_lon, region_lat`)
  ).rows as { region_lon: number; region_lat: number; overdue: number; io: number; id: number }[];
  return Object.fromEntries(
    rows.map((r) => [
      regionKey(r.region_lon, r.region_lat),
      { overdue: r.overdue, inspectionDue: { due: r.id, overdue: r.io } },
    ]),
  );
}

async function listed() {
  const res = await get(t, owner.cookie, "/api/regions");
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    regionListSchema
      .parse(res.json())
      .regions.map((r) => [r.id, { overdue: r.overdue, inspectionDue: r.inspectionDue }]),
  );
}

/** Every day in `days` (and the cycles given) the list equals the direct count. */
async function expectSameOn(days: string[], cycles = [DEFAULT_INSPECTION_SETTINGS.cycleYears]) {
  for (const cycle of cycles) {
    const put = await send(t, owner.cookie, "PUT", "/api/workspace/settings", {
      ...DEFAULT_INSPECTION_SETTINGS,
      cycleYears: cycle,
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const day of days) {
      today = day;
      expect(await listed(), `${day}, cycle ${cycle}`).toEqual(await direct(cycle));
    }
  }
}

const days = ["2026-03-15", "2026-03-31", "2026-04-01", "2027-01-01", "2028-02-29", "2031-07-04"];

describe("the regions list's inspection counts", () => {
  it("read a few kept rows per region, not every pole of 10,000", async () => {
    await addPoles(10_000, 40.01, 20.01, "2012-01-03", "2024-06-01");
    today = "2026-03-15";
    await db().execute(sql`ANALYZE utility_poles`); // as autovacuum keeps it
    const read = await db().transaction(async (tx) => {
      // The view also holds what this connection read just before and has not reported yet.
      const poleRowsRead = async () =>
        (
          (
            await tx.execute(sql`SELECT (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int AS n
              FROM pg_stat_xact_user_tables WHERE relname = 'utility_poles'`)
          ).rows[0] as { n: number } | undefined
        )?.n ?? 0;
      const before = await poleRowsRead();
      const cycle = DEFAULT_INSPECTION_SETTINGS.cycleYears;
      await createInspectionsRepository(tx).regionCounts(
        ws,
        today,
        addYears(today, -cycle),
        addYears(today, -(cycle - 1)),
      );
      return (await poleRowsRead()) - before;
    });
    expect(read).toBeLessThan(300);
    await expectSameOn(["2026-03-15"]);
  });

  it("equal a direct count after findings come and go, poles move and go, days pass", async () => {
    await addPoles(400, 41.01, 21.01, "2015-06-01", "2025-12-20");
    await addPoles(300, 41.21, 21.01, "2019-02-27", "2026-02-01");
    await expectSameOn(days, [DEFAULT_INSPECTION_SETTINGS.cycleYears, 1, 7]);

    // Resolve some findings, add more, photograph some poles again.
    await db().execute(sql`UPDATE utility_pole_findings SET status = 'resolved', resolved_on = '2026-03-10',
        resolved_by = ${owner.id}, action = 'Repaired'
      WHERE workspace_id = ${ws} AND level = 2`);
    await db().execute(sql`INSERT INTO utility_pole_findings
        (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
      SELECT ${ws}, id, 'crossarm', 3, '2026-03-01', '2026-03-20', ${owner.id}
      FROM utility_poles WHERE workspace_id = ${ws} AND label ~ '^T-[0-9]*7$'`);
    await db().execute(sql`UPDATE utility_poles SET last_photo_on = '2026-03-02'
      WHERE workspace_id = ${ws} AND label ~ '^T-[0-9]*1$'`);
    await expectSameOn(days);

    // Poles move into another region and out of the list; a label changes nothing.
    await db().execute(sql`UPDATE utility_poles SET latitude = latitude + 0.2
      WHERE workspace_id = ${ws} AND region_lat = 41 AND label ~ '^T-[0-9]*[02468]$'`);
    await db().execute(sql`UPDATE utility_poles SET label = label || '-x' WHERE workspace_id = ${ws}`);
    await db().execute(sql`DELETE FROM utility_pole_findings
      WHERE pole_id IN (SELECT id FROM utility_poles WHERE workspace_id = ${ws} AND region_lat = 41.2)`);
    await db().execute(sql`DELETE FROM utility_poles WHERE workspace_id = ${ws} AND region_lat = 41.2`);
    await expectSameOn(days, [DEFAULT_INSPECTION_SETTINGS.cycleYears, 3]);

    // The kept rows are exactly the poles' years and months: none left over at zero.
    const { rows } = await db().execute(sql`SELECT count(*)::int AS n FROM utility_pole_region_dates
      WHERE workspace_id = ${ws} AND region_lat = 41.2 OR poles <= 0`);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
