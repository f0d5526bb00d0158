/** Poles written straight into a workspace (many, fast) for the OGC layer tests. */
import { sql } from "drizzle-orm";
import type { TestApp } from "../helpers/app";

/**
 * A grid of `side` × `side` imported poles from (lon0, lat0), 0.001° apart, tagged
 * `${prefix}-<n>`; returns how many.
 */
export async function poleGrid(
  t: TestApp,
  workspaceId: string,
  side: number,
  lon0: number,
  lat0: number,
  prefix: string,
) {
  await t.db.database.db.execute(sql`
    INSERT INTO utility_poles (workspace_id, latitude, longitude, tag, material, height_m, installed_year, source)
    SELECT ${workspaceId}, ${lat0} + (n / ${side}) * 0.001, ${lon0} + (n % ${side}) * 0.001,
           ${prefix} || '-' || n, 'wood', 12.5, 1990 + n % 30, 'import'
      FROM generate_series(0, ${side * side - 1}) AS n`);
  return side * side;
}
