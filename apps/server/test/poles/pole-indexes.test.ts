/**
 * Each index on the poles is written by every pole an import creates, so none may repeat another's
 * search: no two indexes that every pole enters begin with the same columns up to their last.
 * The region searches (a region's markers, its inspection counts) read the one region index left.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";

const t = useTestApp();

interface IndexRow {
  name: string;
  columns: string[];
}

describe("the poles' indexes", () => {
  it("has no two full indexes that search by the same leading columns", async () => {
    const res = await t.db.database.db.execute(
      sql`SELECT c.relname AS name,
            array(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) k) AS columns
          FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE i.indrelid = 'utility_poles'::regclass AND i.indpred IS NULL AND NOT i.indisunique`,
    );
    const indexes = res.rows as unknown as IndexRow[];
    const leading = new Map<string, string>();
    const repeated: string[] = [];
    for (const { name, columns } of indexes) {
      const key = columns.slice(0, -1).join(",");
      const other = leading.get(key);
      if (columns.length > 1 && other) repeated.push(`${other} / ${name} (${key})`);
      leading.set(key, name);
    }
    expect(repeated).toEqual([]);
    expect(indexes.map((i) => i.name)).toContain("poles_inspected_idx");
  });

  it("reads a region's poles through the region index", async () => {
    await t.db.database.db.execute(
      sql`INSERT INTO utility_poles (workspace_id, source, latitude, longitude)
          SELECT 'w' || (i % 50), 'import', 40 + (i % 97) * 0.01, 8 + (i % 89) * 0.01
          FROM generate_series(1, 20000) i`,
    );
    await t.db.database.db.execute(sql`ANALYZE utility_poles`);
    const plan = await t.db.database.db.execute(
      sql`EXPLAIN SELECT id FROM utility_poles WHERE workspace_id = 'w7' AND region_lon = 8.2 AND region_lat = 40.3`,
    );
    const text = plan.rows.map((r) => Object.values(r).join("")).join("\n");
    expect(text).toContain("poles_inspected_idx");
  });
});
