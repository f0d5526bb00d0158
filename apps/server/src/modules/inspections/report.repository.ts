/**
 * What the region report reads beyond the summary and the findings: the region's poles for the
 * map, its poles due for inspection by lateness, those with no inspection on record by tag, and
 * the thumbnails of the findings' photos.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../infra/db/database";
import { POLE_TAG } from "./inspections.repository";
import type { MapPole } from "./report-map";

type Region = { longitude: number; latitude: number };

const IN_REGION = (workspaceId: string, r: Region) =>
  sql`p.workspace_id = ${workspaceId} AND p.region_lon = ${r.longitude}::float8 AND p.region_lat = ${r.latitude}::float8`;

export interface DuePole {
  pole_tag: string;
  latitude: number;
  longitude: number;
  last_inspected_on: string | null;
  inspection_due_on: string;
  /** The type whose cycle ran out first (its code), and that type's last visit. */
  due_type: string;
  due_type_last_on: string;
}

export function createReportRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
  return {
    /** The region's poles as the map draws them; `overdue`: an open finding's due date passed. */
    mapPoles(workspaceId: string, region: Region, today: string, limit: number) {
      return rows<MapPole>(
        sql`SELECT ${POLE_TAG} AS tag, p.latitude, p.longitude, p.condition,
              coalesce(p.finding_due_on < ${today}::date, false) AS overdue
            FROM utility_poles p WHERE ${IN_REGION(workspaceId, region)}
            ORDER BY p.id LIMIT ${limit}`,
      );
    },

    async poleCount(workspaceId: string, region: Region): Promise<number> {
      const [row] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM utility_poles p WHERE ${IN_REGION(workspaceId, region)}`,
      );
      return row?.n ?? 0;
    },

    /** Poles due or overdue for inspection by `dueBy`: the longest overdue first, then by tag. */
    duePoles(workspaceId: string, region: Region, dueBy: string, limit: number) {
      return rows<DuePole>(
        sql`SELECT ${POLE_TAG} AS pole_tag, p.latitude, p.longitude,
              p.last_inspected_on::text AS last_inspected_on, p.inspection_due_on::text AS inspection_due_on,
              d.type AS due_type, d.last_on::text AS due_type_last_on
            FROM utility_poles p
            -- The type the pole's due day comes from (utility_pole_visits_refresh's rule, per type).
            CROSS JOIN LATERAL (
              SELECT l.type, l.last_on FROM (
                SELECT v.type, max(v.inspected_on) AS last_on FROM utility_pole_visits v
                WHERE v.pole_id = p.id GROUP BY v.type) l
              JOIN utility_pole_inspection_cycles(${workspaceId}) c ON c.code = l.type
              ORDER BY (l.last_on + make_interval(years => c.cycle_years))::date, l.type LIMIT 1
            ) d
            WHERE ${IN_REGION(workspaceId, region)} AND p.inspection_due_on <= ${dueBy}::date
            ORDER BY p.inspection_due_on, ${POLE_TAG}, p.id LIMIT ${limit}`,
      );
    },

    /** Poles with no inspection on record, by tag (untagged, unlabelled ones last). */
    neverInspected(workspaceId: string, region: Region, limit: number) {
      return rows<{ pole_tag: string | null; latitude: number; longitude: number }>(
        sql`SELECT ${POLE_TAG} AS pole_tag, p.latitude, p.longitude
            FROM utility_poles p
            WHERE ${IN_REGION(workspaceId, region)} AND p.inspection_due_on IS NULL
            ORDER BY nullif(${POLE_TAG}, '') NULLS LAST, p.id LIMIT ${limit}`,
      );
    },

    /** The stored thumbnails of the workspace's photos among `imageIds`, by photo id. */
    async thumbnailKeys(workspaceId: string, imageIds: string[]): Promise<Map<string, string>> {
      if (imageIds.length === 0) return new Map();
      const found = await rows<{ id: string; key: string }>(
        sql`SELECT id::text AS id, thumbnail_key AS key FROM utility_pole_images
            WHERE workspace_id = ${workspaceId} AND id = ANY(${`{${imageIds.join(",")}}`}::uuid[])`,
      );
      return new Map(found.map((r) => [r.id, r.key]));
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
