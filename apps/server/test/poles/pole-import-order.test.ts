/**
 * A large register import writes its new poles at the end of the table's primary key: their ids
 * are time-ordered (UUID version 7) and increase in file order, across batches, where random ids would scatter
 * a million inserts over the whole key. Re-importing matches them by tag as before.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { imported } from "./import-support";

const t = useTestApp({ POLE_IMPORT_BATCH_ROWS: "40" });
const owner = useSignedInUser(t);

const ROWS = 150;
const register = [
  "pole_id,latitude,longitude,material",
  ...Array.from({ length: ROWS }, (_, i) => `T-${i + 1},45.${String(i).padStart(4, "0")},7.5,wood`),
].join("\n");

it("gives an import's new poles ids in file order, batch after batch", async () => {
  expect(await imported(t, owner, register)).toMatchObject({ created: ROWS, updated: 0, rejected: [] });
  const res = await t.db.database.db.execute(
    sql`SELECT id::text AS id FROM utility_poles
        WHERE workspace_id = ${owner.id} ORDER BY substr(tag, 3)::int`,
  );
  const rows = res.rows as { id: string }[];
  expect(rows).toHaveLength(ROWS);
  // The version nibble (PostgreSQL 15 has no uuid_extract_version).
  expect(rows.every((r) => r.id[14] === "7")).toBe(true);
  // Each id comes after the row before it's, within one millisecond too: the whole file's inserts
  // go to the key's end in file order.
  const ids = rows.map((r) => r.id);
  expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  expect(await imported(t, owner, register)).toMatchObject({ created: 0, unchanged: ROWS });
});
