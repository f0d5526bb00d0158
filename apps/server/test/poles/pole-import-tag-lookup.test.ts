/**
 * A batch of tagged rows finds the workspace's known tags through the tag index, one look-up a
 * tag, even when the table's statistics predate the workspace's poles (a workspace filled since
 * the last ANALYZE, as a large import does): the rows PostgreSQL reads stay the batch's, not the
 * workspace's.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { importRepository } from "../../src/modules/poles/import/import.repository";
import { useSignedInUser, useTestApp } from "../helpers/setup";

const t = useTestApp();
const owner = useSignedInUser(t);
const POLES = 20_000;

/** `n` imported poles tagged `${prefix}1`… in `workspace`, written in one statement. */
const fill = (workspace: string, prefix: string, n: number) =>
  t.db.database.db.execute(
    sql`INSERT INTO utility_poles (workspace_id, source, tag, latitude, longitude)
        SELECT ${workspace}, 'import', ${prefix} || i, 40 + i * 1e-5, 8 FROM generate_series(1, ${n}::int) i`,
  );

type Tx = Parameters<Parameters<typeof t.db.database.db.transaction>[0]>[0];

/**
 * Runs `fn` in a transaction that is rolled back, then `after` in it; answers the utility_poles
 * rows `fn` read (this transaction's own counts, before `after`).
 */
async function rowsRead(fn: (tx: Tx) => Promise<unknown>, after?: (tx: Tx) => Promise<unknown>) {
  let read = -1;
  await t.db.database.db
    .transaction(async (tx) => {
      await fn(tx);
      const res = await tx.execute(
        sql`SELECT (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int AS n
            FROM pg_stat_xact_user_tables WHERE relname = 'utility_poles'`,
      );
      read = (res.rows[0] as { n: number }).n;
      await after?.(tx);
      throw new Error("rollback");
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error && err.message === "rollback")) throw err;
    });
  return read;
}

describe("the import's look-up of known tags", () => {
  beforeAll(async () => {
    // The statistics see another workspace's poles only; then the owner's workspace fills up.
    await t.db.database.db.execute(sql`ALTER TABLE utility_poles SET (autovacuum_enabled = off)`);
    await fill("another-workspace", "Q-", POLES);
    await t.db.database.db.execute(sql`ANALYZE utility_poles`);
    await fill(owner.id, "P-", POLES);
  });

  const keys = Array.from({ length: 100 }, (_, i) => `p-${i * 7 + 1}`);

  it("reads the batch's poles only, with statistics older than the workspace's poles", async () => {
    let found: { key: string | null }[] = [];
    const read = await rowsRead(async (tx) => {
      found = await importRepository.byTags(tx, owner.id, keys);
    });
    expect(found.map((p) => p.key).sort()).toEqual([...keys].sort());
    expect(read).toBeLessThanOrEqual(keys.length * 2);
  });

  it("creates the unknown tags and answers the known ones reading only those", async () => {
    const rows = [...keys, "p-new-1", "p-new-2"].map((tag, i) => ({
      tag: tag.toUpperCase(),
      label: null,
      latitude: 41 + i * 1e-5,
      longitude: 8,
      material: null,
      height_m: null,
      class: null,
      installed_year: null,
      circuit: null,
      attributes: {},
      visit: null,
    }));
    let known: { key: string | null }[] = [];
    let created = 0;
    const read = await rowsRead(
      async (tx) => {
        known = await importRepository.insertUnknownTags(tx, owner.id, rows);
      },
      async (tx) => {
        const res = await tx.execute(
          sql`SELECT count(*)::int AS n FROM utility_poles WHERE workspace_id = ${owner.id} AND tag LIKE 'P-NEW-%'`,
        );
        created = (res.rows[0] as { n: number }).n;
      },
    );
    expect(known.map((p) => p.key).sort()).toEqual([...keys].sort());
    expect(created).toBe(2);
    expect(read).toBeLessThanOrEqual(keys.length * 2);
  });
});
