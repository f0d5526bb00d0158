/**
 * A statement of many findings (a bulk load, the benchmark's seeding) rolls them up onto their
 * poles by reading each pole's own findings: before, while the findings table's statistics were
 * stale, each pole's roll-up read the whole index of open findings, so a batch of 5,000 took
 * seconds and 200,000 in one statement never finished.
 */
import { sql } from "drizzle-orm";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";

const t = useTestApp();
const owner = useSignedInUser(t);
const db = () => t.db.database.db;

/** One open finding on each of `n` poles from the `from`-th on (in label order). */
const addFindings = (run: pg.Pool | pg.PoolClient, from: number, n: number) =>
  run.query(
    `INSERT INTO utility_pole_findings (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
     SELECT $1, id, 'lean', 1 + (n % 3)::int, '2026-01-05', '2026-02-05', $1
     FROM (SELECT id, row_number() OVER (ORDER BY label) AS n FROM utility_poles WHERE workspace_id = $1) p
     WHERE n > $2 AND n <= $3`,
    [owner.id, from, from + n],
  );

describe("a batch of findings", () => {
  it("rolls up onto its poles without reading the other poles' findings", async () => {
    await db().execute(sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude, label)
      SELECT ${owner.id}, 'import', 45 + i * 1e-5, 10, lpad(i::text, 6, '0') FROM generate_series(1, 3000) AS i`);
    await addFindings(t.db.database.pool, 0, 2000);
    // One session, so its own statistics are flushed before it reads them back.
    const client = await t.db.database.pool.connect();
    const entriesRead = async () => {
      await client.query("SELECT pg_stat_clear_snapshot()");
      const { rows } = await client.query<{ n: number }>(
        `SELECT coalesce(sum(idx_tup_read), 0)::int AS n FROM pg_stat_user_indexes WHERE relname = 'utility_pole_findings'`,
      );
      return rows[0]!.n;
    };
    let read: number;
    try {
      await client.query("SELECT pg_stat_force_next_flush()");
      const before = await entriesRead();
      await addFindings(client, 2000, 500);
      await client.query("SELECT pg_stat_force_next_flush()");
      read = (await entriesRead()) - before;
    } finally {
      client.release();
    }
    // A few index entries per new finding (its pole's own), not the 2,500 open findings each.
    expect(read).toBeLessThan(20 * 500);
    const { rows } = await db().execute(sql`SELECT count(*)::int AS n FROM utility_poles
      WHERE workspace_id = ${owner.id} AND finding_due_on = '2026-02-05' AND last_finding_on = '2026-01-05'`);
    expect(rows).toEqual([{ n: 2500 }]);
  });
});
