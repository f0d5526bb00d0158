/**
 * The dashboard's summary: per level the open and overdue findings, the findings opened and
 * closed in each of the last 12 months, and the open ones by age, all equal to counts made here
 * from the seeded rows, for the workspace and for one region.
 */
import { addDays, regionKey, summarySchema } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createTeam, setActive } from "../workspaces/support";
import { get } from "./support";

const TODAY = "2026-06-15";
const t = useTestApp({}, { today: () => TODAY });
const owner = useSignedInUser(t);
const other = useSignedInUser(t);
const db = () => t.db.database.db;

interface Seed {
  region: 0 | 1;
  level: 1 | 2 | 3;
  observedOn: string;
  dueOn: string;
  resolvedOn: string | null;
}

/** 120 findings spread over three years back, every fourth resolved, in two regions. */
const seeds: Seed[] = Array.from({ length: 120 }, (_, i) => {
  const observedOn = addDays(TODAY, -((i * 37) % 1100));
  return {
    region: (i % 2) as 0 | 1,
    level: ((i % 3) + 1) as 1 | 2 | 3,
    observedOn,
    dueOn: addDays(observedOn, [10, 90, 400][i % 3]!),
    resolvedOn: i % 4 === 0 ? addDays(observedOn, (i * 13) % 200) : null,
  };
}).filter((s) => s.resolvedOn === null || s.resolvedOn <= TODAY);

const REGIONS = [
  { lat: 50.01, lon: 8.01 },
  { lat: 50.31, lon: 8.41 },
] as const;

async function seed(ws: string, createdBy: string, rows: Seed[]) {
  for (const [i, r] of REGIONS.entries()) {
    await db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, label)
      VALUES (${ws}, 'import', ${r.lat}, ${r.lon}, ${`D-${i}`})`);
  }
  for (const s of rows) {
    const r = REGIONS[s.region];
    await db().execute(sql`INSERT INTO utility_pole_findings
        (workspace_id, pole_id, code, level, observed_on, due_on, status, resolved_on, resolved_by, action, created_by)
      SELECT ${ws}, id, 'lean', ${s.level}, ${s.observedOn}::date, ${s.dueOn}::date,
        ${s.resolvedOn ? "resolved" : "open"}, ${s.resolvedOn}::date,
        ${s.resolvedOn ? createdBy : null}, ${s.resolvedOn ? "Fixed" : null}, ${createdBy}
      FROM utility_poles WHERE workspace_id = ${ws} AND latitude = ${r.lat}`);
  }
}

/** The expected figures, counted over the seeds in plain code. */
function expected(rows: Seed[]) {
  const months = Array.from({ length: 12 }, (_, back) => {
    const d = new Date(Date.UTC(2026, 5 - back, 1));
    return d.toISOString().slice(0, 7);
  }).reverse();
  const open = rows.filter((s) => s.resolvedOn === null);
  const age = (s: Seed) => (Date.parse(TODAY) - Date.parse(s.observedOn)) / 86_400_000;
  const level = (l: number) => ({
    open: open.filter((s) => s.level === l).length,
    overdue: open.filter((s) => s.level === l && s.dueOn < TODAY).length,
  });
  return {
    levels: { 1: level(1), 2: level(2), 3: level(3) },
    flowByMonth: months.map((month) => ({
      month,
      opened: rows.filter((s) => s.observedOn.startsWith(month)).length,
      closed: rows.filter((s) => s.resolvedOn?.startsWith(month)).length,
    })),
    ageing: {
      upTo30: open.filter((s) => age(s) <= 30).length,
      upTo90: open.filter((s) => age(s) > 30 && age(s) <= 90).length,
      upTo365: open.filter((s) => age(s) > 90 && age(s) <= 365).length,
      over365: open.filter((s) => age(s) > 365).length,
    },
  };
}

async function summary(query = "") {
  const res = await get(t, owner.cookie, `/api/reports/summary${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return summarySchema.parse(res.json());
}

beforeAll(async () => {
  const ws = await createTeam(t, owner);
  await setActive(t, owner, ws);
  await seed(ws, owner.id, seeds);
  // Someone else's findings count nowhere here.
  const elsewhere = await createTeam(t, other);
  await seed(elsewhere, other.id, seeds.slice(0, 30));
});

describe("the dashboard summary", () => {
  it("counts open and overdue by level, the monthly flow and the ageing of the workspace", async () => {
    const want = expected(seeds);
    // The seeds reach every bucket and month, so a wrong boundary shows.
    expect(Object.values(want.ageing).every((n) => n > 0)).toBe(true);
    expect(want.flowByMonth.filter((m) => m.closed > 0).length).toBeGreaterThan(3);
    const s = await summary();
    expect(s.levels).toMatchObject(want.levels);
    expect(s.flowByMonth).toEqual(want.flowByMonth);
    expect(s.ageing).toEqual(want.ageing);
  });

  it("counts one region's findings alone", async () => {
    const want = expected(seeds.filter((x) => x.region === 1));
    const s = await summary(`?region=${regionKey(8.41, 50.31)}`);
    expect(s.levels).toMatchObject(want.levels);
    expect(s.flowByMonth).toEqual(want.flowByMonth);
    expect(s.ageing).toEqual(want.ageing);
  });
});
