/**
 * The features of the OGC layer, one workspace at a time, in id order: a page ends at an id and
 * the next starts after it, so paging meets every feature exactly once whatever is added meanwhile.
 */
import { sql, type SQL } from "drizzle-orm";
import type { OgcBbox } from "@poleatlas/shared";
import type { Db } from "../../infra/db/database";

export interface PageFilter {
  workspaceId: string;
  limit: number;
  bbox?: OgcBbox;
  after?: string;
  /** Photos: days, ends included (null = open). */
  days?: { from: string | null; to: string | null };
  poleId?: string;
  /** One feature by id. */
  id?: string;
}

export interface PoleFeatureRow {
  id: string;
  longitude: number;
  latitude: number;
  tag: string | null;
  label: string;
  material: string | null;
  height_m: number | null;
  class: string | null;
  installed_year: number | null;
  circuit: string | null;
  attributes: Record<string, unknown>;
  risk: string | null;
  photo_count: number;
  last_photo_date: string | null;
}

export interface PhotoFeatureRow {
  id: string;
  longitude: number;
  latitude: number;
  name: string;
  date: string | null;
  risk: string | null;
  notes: string | null;
  pole_id: string | null;
  storage_key: string;
  thumbnail_key: string;
  created_at: string;
}

/** A box that crosses the antimeridian (west > east) is the two boxes either side of it. */
function inBox(alias: string, bbox: OgcBbox | undefined): SQL {
  if (!bbox) return sql``;
  const lat = sql.raw(`${alias}.latitude`);
  const lon = sql.raw(`${alias}.longitude`);
  const lons =
    bbox.west <= bbox.east
      ? sql`${lon} BETWEEN ${bbox.west} AND ${bbox.east}`
      : sql`(${lon} >= ${bbox.west} OR ${lon} <= ${bbox.east})`;
  return sql` AND ${lat} BETWEEN ${bbox.south} AND ${bbox.north} AND ${lons}`;
}

const after = (alias: string, f: PageFilter) =>
  sql`${f.after ? sql` AND ${sql.raw(alias)}.id > ${f.after}::uuid` : sql``}${f.id ? sql` AND ${sql.raw(alias)}.id = ${f.id}::uuid` : sql``}`;

/**
 * With a bbox, the box's poles are found first (the workspace + latitude index) and only they are
 * sorted by id; else the primary key gives the order.
 */
function polesSql(f: PageFilter, limit: number): SQL {
  const where = sql`p.workspace_id = ${f.workspaceId}${inBox("p", f.bbox)}${after("p", f)}`;
  const from = f.bbox
    ? sql`(SELECT * FROM utility_poles p WHERE ${where} OFFSET 0) p`
    : sql`utility_poles p WHERE ${where}`;
  return sql`
    SELECT p.id, p.longitude, p.latitude, p.tag, p.label, p.material, p.height_m,
           p.class, p.installed_year, p.circuit, p.attributes, p.risk, p.photo_count,
           (SELECT max(i.date)::text FROM utility_pole_images i WHERE i.pole_id = p.id) AS last_photo_date
      FROM ${from}
     ORDER BY p.id
     LIMIT ${limit}`;
}

/** A page written by PostgreSQL: the features' JSON array, whether more follow, the last id. */
export interface FeaturePage {
  features: string;
  count: number;
  more: boolean;
  lastId: string | null;
}

/** The GeoJSON Feature of one row of `page` (PostgreSQL writes the JSON, not Node). */
const POLE_FEATURE = (base: string) => sql`json_build_object(
  'type', 'Feature', 'id', p.id,
  'geometry', json_build_object('type', 'Point', 'coordinates', json_build_array(p.longitude, p.latitude)),
  'properties', json_build_object(
    'tag', p.tag, 'label', p.label, 'material', p.material, 'height_m', p.height_m, 'class', p.class,
    'installed_year', p.installed_year, 'circuit', p.circuit, 'attributes', p.attributes,
    'condition', coalesce(p.risk, 'unrated'), 'photo_count', p.photo_count,
    'last_photo_date', p.last_photo_date,
    'photos_url', ${base} || '/ogc/collections/photos/items?pole=' || p.id))`;

/** Rows of `page` (limit + 1 of them) into one page: the extra row only says more follow. */
async function pageOf(db: Db, rows: SQL, feature: SQL, limit: number): Promise<FeaturePage> {
  const res = await db.execute(sql`
    WITH page AS (${rows}), numbered AS (SELECT p.*, row_number() OVER (ORDER BY p.id) AS rn FROM page p)
    SELECT coalesce(json_agg(${feature} ORDER BY p.id) FILTER (WHERE p.rn <= ${limit}), '[]')::text AS features,
           count(*) FILTER (WHERE p.rn <= ${limit})::int AS count,
           bool_or(p.rn > ${limit}) AS more,
           max(p.id::text) FILTER (WHERE p.rn <= ${limit}) AS "lastId"
      FROM numbered p`);
  const row = res.rows[0] as unknown as FeaturePage;
  return { ...row, more: row.more === true };
}

export function createOgcRepository(db: Db) {
  return {
    /** A page of poles as GeoJSON text, `limit` features at most. */
    async polePage(f: PageFilter, base: string): Promise<FeaturePage> {
      const rows = polesSql(f, f.limit + 1);
      return pageOf(db, rows, POLE_FEATURE(base), f.limit);
    },

    async poles(f: PageFilter): Promise<PoleFeatureRow[]> {
      const res = await db.execute(polesSql(f, f.limit));
      return res.rows as unknown as PoleFeatureRow[];
    },

    async photos(f: PageFilter): Promise<PhotoFeatureRow[]> {
      const days = f.days
        ? sql`${f.days.from ? sql` AND i.date >= ${f.days.from}::date` : sql``}${f.days.to ? sql` AND i.date <= ${f.days.to}::date` : sql``}`
        : sql``;
      const res = await db.execute(sql`
        SELECT i.id::text AS id, i.longitude, i.latitude, i.name, i.date::text AS date, i.risk, i.notes,
               i.pole_id::text AS pole_id, i.storage_key, i.thumbnail_key, i.created_at
          FROM utility_pole_images i
         WHERE i.workspace_id = ${f.workspaceId} AND i.latitude IS NOT NULL AND i.longitude IS NOT NULL
               ${inBox("i", f.bbox)}${days}${f.poleId ? sql` AND i.pole_id = ${f.poleId}::uuid` : sql``}${after("i", f)}
         ORDER BY i.id
         LIMIT ${f.limit}`);
      return res.rows as unknown as PhotoFeatureRow[];
    },

    /** The box around the workspace's features, for a collection's extent (null when empty). */
    async extent(workspaceId: string, collection: "poles" | "photos"): Promise<number[] | null> {
      const table = sql.raw(collection === "poles" ? "utility_poles" : "utility_pole_images");
      const res = await db.execute(sql`
        SELECT min(longitude) AS w, min(latitude) AS s, max(longitude) AS e, max(latitude) AS n
          FROM ${table} WHERE workspace_id = ${workspaceId} AND latitude IS NOT NULL`);
      const r = res.rows[0] as { w: number | null; s: number; e: number; n: number } | undefined;
      return r && r.w !== null ? [r.w, r.s, r.e, r.n] : null;
    },
  };
}

export type OgcRepository = ReturnType<typeof createOgcRepository>;
