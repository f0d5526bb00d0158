/**
 * The regions list's inspection counts (poles with an overdue finding; poles due and overdue for
 * inspection, and with none on record) come from kept counts by year and month, not a scan of
 * every pole per request, and still equal a direct count from the poles' visits after findings
 * and visits come and go, poles move between regions or go, the types' cycles change and the
 * days pass.
 */
import {
  addYears,
  DEFAULT_INSPECTION_SETTINGS,
  regionKey,
  regionListSchema,
  type InspectionType,
} from "@poleatlas/shared";
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
 * `n` register poles in the region around (lat, lon), each given a detailed visit `i` weeks after
 * `firstVisit` (every fifth none), every fourth a patrol too, one finding on every third pole due
 * `i` weeks after `firstDue`.
 */
async function addPoles(n: number, lat: number, lon: number, firstVisit: string, firstDue: string) {
  await db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, label)
    SELECT ${ws}, 'import', ${lat}::float8 + i * 1e-5, ${lon}::float8, 'T-' || i
    FROM generate_series(1, ${n}) AS i`);
  await visit("detailed", firstVisit, "AND substring(p.label FROM 3)::int % 5 <> 0", lat, lon);
  await visit("patrol", addYears(firstVisit, 3), "AND substring(p.label FROM 3)::int % 4 = 0", lat, lon);
  await db().execute(sql`INSERT INTO utility_pole_findings
      (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
    SELECT ${ws}, p.id, 'lean', 1 + (row_number() OVER (ORDER BY p.label) % 3)::int, ${firstVisit}::date,
           ${firstDue}::date + (row_number() OVER (ORDER BY p.label))::int * 7, ${owner.id}
    FROM utility_poles p
    WHERE p.workspace_id = ${ws} AND p.label ~ '^T-[0-9]*[0369]$'
      AND p.region_lon = round(${lon}::numeric, 1) AND p.region_lat = round(${lat}::numeric, 1)`);
}

/** A visit of `type` on the poles of the region around (lat, lon) that `where` picks, `i` weeks on. */
async function visit(type: string, first: string, where: string, lat: number, lon: number) {
  await db()
    .execute(sql`INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, result, source)
    SELECT ${ws}, p.id, ${type}, ${first}::date + substring(p.label FROM 3)::int * 7, 'no-defects', 'imported'
    FROM utility_poles p
    WHERE p.workspace_id = ${ws} AND p.region_lon = round(${lon}::numeric, 1)
      AND p.region_lat = round(${lat}::numeric, 1) ${sql.raw(where)}`);
}

/**
 * Every pole of the workspace counted from its visits: per type its last visit plus the type's
 * cycle, the earliest of those; overdue on or before today, due within a year.
 */
async function direct(types: InspectionType[]) {
  const dueBy = addYears(today, 1);
  const cycles = sql.join(
    types.map((ty) => sql`(${ty.code}, ${ty.cycleYears}::int)`),
    sql`, `,
  );
  const rows = (
    await db().execute(sql`WITH last AS (
        SELECT v.pole_id, v.type, max(v.inspected_on) AS last_on FROM utility_pole_visits v
        WHERE v.workspace_id = ${ws} GROUP BY v.pole_id, v.type),
      pole_due AS (
        SELECT l.pole_id, min((l.last_on + make_interval(years => c.y))::date) AS due_on
        FROM last l JOIN (VALUES ${cycles}) AS c(code, y) ON c.code = l.type GROUP BY l.pole_id),
      due AS (
        SELECT p.region_lon, p.region_lat, p.finding_due_on, d.due_on
        FROM utility_poles p LEFT JOIN pole_due d ON d.pole_id = p.id WHERE p.workspace_id = ${ws})
      SELECT region_lon, region_lat,
        count(*) FILTER (WHERE finding_due_on < ${today}::date)::int AS overdue,
        count(*) FILTER (WHERE due_on <= ${today}::date)::int AS io,
        count(*) FILTER (WHERE due_on > ${today}::date AND due_on <= ${dueBy}::date)::int AS id,
        count(*) FILTER (WHERE due_on IS NULL)::int AS never
      FROM due GROUP BY region_lon, region_lat`)
  ).rows as {
    region_lon: number;
    region_lat: number;
    overdue: number;
    io: number;
    id: number;
    never: number;
  }[];
  return Object.fromEntries(
    rows.map((r) => [
      regionKey(r.region_lon, r.region_lat),
      { overdue: r.overdue, inspectionDue: { due: r.id, overdue: r.io, never: r.never } },
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

/** The default types with the detailed inspection's cycle set to `years`. */
const withDetailed = (years: number) =>
  DEFAULT_INSPECTION_SETTINGS.inspectionTypes.map((ty) =>
    ty.code === "detailed" ? { ...ty, cycleYears: years } : ty,
  );

/** Every day in `days` (and the detailed cycles given) the list equals the direct count. */
async function expectSameOn(days: string[], cycles = [5]) {
  for (const cycle of cycles) {
    const inspectionTypes = withDetailed(cycle);
    const put = await send(t, owner.cookie, "PUT", "/api/workspace/settings", { inspectionTypes });
    expect(put.statusCode, put.body).toBe(200);
    for (const day of days) {
      today = day;
      expect(await listed(), `${day}, cycle ${cycle}`).toEqual(await direct(inspectionTypes));
    }
  }
}

const days = ["2026-03-15", "2026-03-31", "2026-04-01", "2027-01-01", "2028-02-29", "2031-07-04"];

describe("the regions list's inspection counts", () => {
  it("read a few kept rows per region, not every pole of 2,000", async () => {
    await addPoles(2_000, 40.01, 20.01, "2012-01-03", "2024-06-01");
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
      await createInspectionsRepository(tx).regionCounts(ws, today, addYears(today, 1));
      return (await poleRowsRead()) - before;
    });
    expect(read).toBeLessThan(300);
    await expectSameOn(["2026-03-15"]);
  });

  it("equal a direct count after findings come and go, poles move and go, days pass", async () => {
    await addPoles(400, 41.01, 21.01, "2015-06-01", "2025-12-20");
    await addPoles(300, 41.21, 21.01, "2019-02-27", "2026-02-01");
    await expectSameOn(days, [5, 1, 7]);

    // Resolve some findings, add more, visit some poles again, photograph others (no visit).
    await db().execute(sql`UPDATE utility_pole_findings SET status = 'resolved', resolved_on = '2026-03-10',
        resolved_by = ${owner.id}, action = 'Repaired'
      WHERE workspace_id = ${ws} AND level = 2`);
    await db().execute(sql`INSERT INTO utility_pole_findings
        (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
      SELECT ${ws}, id, 'crossarm', 3, '2026-03-01', '2026-03-20', ${owner.id}
      FROM utility_poles WHERE workspace_id = ${ws} AND label ~ '^T-[0-9]*7$'`);
    await db().execute(sql`INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, result)
      SELECT ${ws}, id, 'intrusive', '2026-03-02', 'findings'
      FROM utility_poles WHERE workspace_id = ${ws} AND label ~ '^T-[0-9]*1$'`);
    await db().execute(sql`UPDATE utility_poles SET last_photo_on = '2026-03-02'
      WHERE workspace_id = ${ws} AND label ~ '^T-[0-9]*2$'`);
    await db().execute(sql`DELETE FROM utility_pole_visits
      WHERE workspace_id = ${ws} AND type = 'patrol' AND pole_id IN
        (SELECT id FROM utility_poles WHERE label ~ '^T-[0-9]*8$')`);
    await expectSameOn(days);

    // Poles move into another region and out of the list; a label changes nothing.
    await db().execute(sql`UPDATE utility_poles SET latitude = latitude + 0.2
      WHERE workspace_id = ${ws} AND region_lat = 41 AND label ~ '^T-[0-9]*[02468]$'`);
    await db().execute(sql`UPDATE utility_poles SET label = label || '-x' WHERE workspace_id = ${ws}`);
    await db().execute(sql`DELETE FROM utility_pole_findings
      WHERE pole_id IN (SELECT id FROM utility_poles WHERE workspace_id = ${ws} AND region_lat = 41.2)`);
    await db().execute(sql`DELETE FROM utility_pole_visits
      WHERE pole_id IN (SELECT id FROM utility_poles WHERE workspace_id = ${ws} AND region_lat = 41.2)`);
    await db().execute(sql`DELETE FROM utility_poles WHERE workspace_id = ${ws} AND region_lat = 41.2`);
    await expectSameOn(days, [5, 3]);

    // The kept rows are exactly the poles' years and months: none left over at zero.
    const { rows } = await db().execute(sql`SELECT count(*)::int AS n FROM utility_pole_region_dates
      WHERE workspace_id = ${ws} AND region_lat = 41.2 OR poles <= 0`);
    expect(rows).toEqual([{ n: 0 }]);
    // 700 poles through every trigger and a dozen full recounts: seconds alone, more on a loaded
    // machine.
  }, 120_000);
});
