/** Poles written straight into a workspace (many, fast), and a key's client, for the OGC layer tests. */
import { ogcFeatureCollectionSchema, type OgcFeatureCollection } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";

/** Calls with an API key (none: anonymous), one GeoJSON page, and every feature a `next` chain reaches. */
export function ogcClient(t: TestApp) {
  const call = (key: string | null, url: string) =>
    t.app.inject({ method: "GET", url, headers: key ? { "x-api-key": key } : {} });

  async function page(key: string, url: string): Promise<OgcFeatureCollection> {
    const res = await call(key, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/geo\+json/);
    return ogcFeatureCollectionSchema.parse(res.json());
  }

  /** Every feature reached by following `next` from `url`. */
  async function walk(key: string, url: string): Promise<string[]> {
    const ids: string[] = [];
    for (let next: string | undefined = url; next;) {
      const p = await page(key, next);
      ids.push(...p.features.map((f) => f.id));
      const href = p.links.find((l) => l.rel === "next")?.href;
      next = href ? href.replace(/^https?:\/\/[^/]+/, "") : undefined;
    }
    return ids;
  }
  return { call, page, walk };
}

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
