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
  /** Photos (their date) and findings (their observed date): days, ends included (null = open). */
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
  position_source: string;
  attributes: Record<string, unknown>;
  /** The worst open finding's level as a risk, else the photos' rating (the map's colour). */
  condition: string | null;
  photo_count: number;
  last_photo_date: string | null;
  last_visit_on: string | null;
  inspection_due_on: string | null;
  /** Its latest lean measured from photos (all null: never measured). */
  lean_deg: number | null;
  lean_toward_deg: number | null;
  lean_apparent: boolean | null;
  lean_measured_at: string | null;
}

export interface PhotoFeatureRow {
  id: string;
  longitude: number;
  latitude: number;
  name: string;
  date: string | null;
  risk: string | null;
  notes: string | null;
  heading: number | null;
  pole_id: string | null;
  storage_key: string;
  thumbnail_key: string;
  created_at: string;
}

export interface FindingFeatureRow {
  id: string;
  longitude: number;
  latitude: number;
  pole_id: string;
  pole_tag: string | null;
  code: string;
  level: number;
  status: string;
  notes: string | null;
  observed_on: string;
  due_on: string;
  resolved_on: string | null;
  action: string | null;
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

/** The days a date column falls in, ends included. */
function inDays(column: string, days: PageFilter["days"]): SQL {
  if (!days) return sql``;
  const c = sql.raw(column);
  return sql`${days.from ? sql` AND ${c} >= ${days.from}::date` : sql``}${days.to ? sql` AND ${c} <= ${days.to}::date` : sql``}`;
}

/**
 * With a bbox, the box's poles are found first (the workspace + latitude index) and only they are
 * sorted by id; else the primary key gives the order. The last photo's date is the pole's stored
 * roll-up (kept by a trigger on the photos), not a look-up per pole.
 */
function polesSql(f: PageFilter): SQL {
  const where = sql`p.workspace_id = ${f.workspaceId}${inBox("p", f.bbox)}${after("p", f)}`;
  const from = f.bbox
    ? sql`(SELECT * FROM utility_poles p WHERE ${where} OFFSET 0) p`
    : sql`utility_poles p WHERE ${where}`;
  return sql`
    SELECT p.id, p.longitude, p.latitude, p.tag, p.label, p.material, p.height_m,
           p.class, p.installed_year, p.circuit, p.position_source, p.attributes, p.condition, p.photo_count,
           p.last_photo_on::text AS last_photo_date, p.last_inspected_on::text AS last_visit_on,
           p.inspection_due_on::text AS inspection_due_on, p.lean_deg, p.lean_toward_deg, p.lean_apparent,
           to_char(p.lean_measured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lean_measured_at
      FROM ${from}
     ORDER BY p.id
     LIMIT ${f.limit}`;
}

export function createOgcRepository(db: Db) {
  return {
    async poles(f: PageFilter): Promise<PoleFeatureRow[]> {
      const res = await db.execute(polesSql(f));
      return res.rows as unknown as PoleFeatureRow[];
    },

    async photos(f: PageFilter): Promise<PhotoFeatureRow[]> {
      const res = await db.execute(sql`
        SELECT i.id::text AS id, i.longitude, i.latitude, i.name, i.date::text AS date, i.risk, i.notes,
               i.heading, i.pole_id::text AS pole_id, i.storage_key, i.thumbnail_key, i.created_at
          FROM utility_pole_images i
         WHERE i.workspace_id = ${f.workspaceId} AND i.latitude IS NOT NULL AND i.longitude IS NOT NULL
               ${inBox("i", f.bbox)}${inDays("i.date", f.days)}${f.poleId ? sql` AND i.pole_id = ${f.poleId}::uuid` : sql``}${after("i", f)}
         ORDER BY i.id
         LIMIT ${f.limit}`);
      return res.rows as unknown as PhotoFeatureRow[];
    },

    /** Findings at their pole's position (a finding is always on a pole of its workspace). */
    async findings(f: PageFilter): Promise<FindingFeatureRow[]> {
      const res = await db.execute(sql`
        SELECT f.id::text AS id, p.longitude, p.latitude, f.pole_id::text AS pole_id, p.tag AS pole_tag,
               f.code, f.level, f.status, f.notes, f.observed_on::text AS observed_on,
               f.due_on::text AS due_on, f.resolved_on::text AS resolved_on, f.action
          FROM utility_pole_findings f
          JOIN utility_poles p ON p.id = f.pole_id AND p.workspace_id = f.workspace_id
         WHERE f.workspace_id = ${f.workspaceId}
               ${inBox("p", f.bbox)}${inDays("f.observed_on", f.days)}${after("f", f)}
         ORDER BY f.id
         LIMIT ${f.limit}`);
      return res.rows as unknown as FindingFeatureRow[];
    },

    async hasFindings(workspaceId: string): Promise<boolean> {
      const res = await db.execute(
        sql`SELECT EXISTS (SELECT 1 FROM utility_pole_findings WHERE workspace_id = ${workspaceId}) AS has`,
      );
      return (res.rows[0] as { has: boolean }).has;
    },

    /** The box around the workspace's features, for a collection's extent (null when empty). */
    async extent(workspaceId: string, collection: "poles" | "photos" | "findings"): Promise<number[] | null> {
      const from =
        collection === "findings"
          ? sql`utility_poles WHERE id IN (SELECT pole_id FROM utility_pole_findings WHERE workspace_id = ${workspaceId})`
          : sql`${sql.raw(collection === "poles" ? "utility_poles" : "utility_pole_images")} WHERE workspace_id = ${workspaceId} AND latitude IS NOT NULL`;
      const res = await db.execute(sql`
        SELECT min(longitude) AS w, min(latitude) AS s, max(longitude) AS e, max(latitude) AS n FROM ${from}`);
      const r = res.rows[0] as { w: number | null; s: number; e: number; n: number } | undefined;
      return r && r.w !== null ? [r.w, r.s, r.e, r.n] : null;
    },
  };
}

export type OgcRepository = ReturnType<typeof createOgcRepository>;
