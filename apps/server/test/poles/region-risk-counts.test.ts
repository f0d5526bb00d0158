/**
 * The kept region counts behind /api/regions move by each statement's own poles: a write into a
 * region of thousands reads none of its other poles (a recount per batch made a register import
 * slower with every region it filled), and the counts still equal a fresh count after inserts,
 * rating changes, moves between regions and deletes.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";

const t = useTestApp();
const owner = useSignedInUser(t);
const db = () => t.db.database.db;

/** `n` poles of the owner's workspace in the region around (lat, lon), about 1 m apart. */
const addPoles = (n: number, lat: number, lon: number, risk: string | null, source = "import") =>
  db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, risk)
    SELECT ${owner.id}, ${source}, ${lat}::float8 + i * 1e-5, ${lon}::float8, ${risk}
    FROM generate_series(1, ${n}) AS i`);

const kept = async () =>
  (
    await db().execute(sql`SELECT region_lon, region_lat, high, medium, low, unrated, imported
      FROM utility_pole_region_risk WHERE workspace_id = ${owner.id}`)
  ).rows
    .map((r) => JSON.stringify(r))
    .sort();

const fresh = async () =>
  (
    await db().execute(sql`SELECT region_lon, region_lat,
        count(*) FILTER (WHERE condition = 'high')::int AS high,
        count(*) FILTER (WHERE condition = 'medium')::int AS medium,
        count(*) FILTER (WHERE condition = 'low')::int AS low,
        count(*) FILTER (WHERE condition IS NULL)::int AS unrated,
        count(*) FILTER (WHERE source = 'import')::int AS imported
      FROM utility_poles WHERE workspace_id = ${owner.id} GROUP BY region_lon, region_lat`)
  ).rows
    .map((r) => JSON.stringify(r))
    .sort();

describe("the kept region counts", () => {
  it("take a new pole in a region of 3,000 without reading the region's other poles", async () => {
    await addPoles(3000, 40.01, 20.01, null);
    const read = await db().transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, risk)
        VALUES (${owner.id}, 'import', 40.02, 20.02, 'high')`);
      const [stats] = (
        await tx.execute(sql`SELECT (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int AS n
          FROM pg_stat_xact_user_tables WHERE relname = 'utility_poles'`)
      ).rows as { n: number }[];
      return stats?.n ?? 0;
    });
    expect(read).toBeLessThan(100);
    expect(await kept()).toEqual(await fresh());
    expect(await kept()).toEqual([
      JSON.stringify({
        region_lon: 20,
        region_lat: 40,
        high: 1,
        medium: 0,
        low: 0,
        unrated: 3000,
        imported: 3001,
      }),
    ]);
  });

  it("equal a fresh count after ratings change, poles move between regions, are imported and go", async () => {
    await addPoles(200, 41.01, 21.01, "low");
    await addPoles(50, 41.01, 21.02, null, "photo");
    // A register's import takes over some photo poles (and so counts them as imported).
    await db().execute(sql`UPDATE utility_poles SET source = 'import'
      WHERE workspace_id = ${owner.id} AND source = 'photo' AND latitude < 41.0103`);
    await db().execute(sql`UPDATE utility_poles SET risk = 'medium'
      WHERE workspace_id = ${owner.id} AND region_lat = 40 AND latitude < 40.012`);
    await db().execute(sql`UPDATE utility_poles SET latitude = latitude + 1
      WHERE workspace_id = ${owner.id} AND region_lat = 40 AND latitude > 40.035`);
    await db().execute(sql`UPDATE utility_poles SET label = 'renamed' WHERE workspace_id = ${owner.id}`);
    expect(await kept()).toEqual(await fresh());
    await db().execute(sql`DELETE FROM utility_poles WHERE workspace_id = ${owner.id} AND region_lat = 41`);
    expect(await kept()).toEqual(await fresh());
    expect((await kept()).map((r) => (JSON.parse(r) as { region_lat: number }).region_lat)).toEqual([40]);
  });
});
