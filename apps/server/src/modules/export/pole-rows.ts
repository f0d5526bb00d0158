/**
 * The poles layer's rows as the database gives them: the register fields, what the map shows of
 * the pole (its condition and where it comes from, kept on the pole by the inspections' triggers),
 * its last visit and due day, and per inspection type its last visit and the day that type's
 * cycle runs out, worked out as utility_pole_visits_refresh works out the pole's own due day.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ConditionSource, ExportRisk, Risk } from "@poleatlas/shared";
import { inRegion } from "../photos/images.repository";

/** A pole's attribute values by name: a Map, so a name like `constructor` is only a name. */
export type Attributes = Map<string, string | number>;

/** One inspection type's [code, last visit, due day] for a pole with visits of that type. */
export type TypeVisit = [code: string, lastOn: string, dueOn: string];

export interface PoleExportRow {
  id: string;
  tag: string | null;
  label: string;
  latitude: number;
  longitude: number;
  material: string | null;
  height_m: number | null;
  class: string | null;
  installed_year: number | null;
  circuit: string | null;
  source: string;
  position_source: string;
  attributes: Attributes;
  risk: Risk | null;
  condition: Risk | null;
  condition_source: ConditionSource | null;
  photo_count: number;
  last_photo_date: string | null;
  last_visit_on: string | null;
  inspection_due_on: string | null;
  /** The workspace's types this pole has visits of; null: none. */
  type_visits: TypeVisit[] | null;
  lean_deg: number | null;
  lean_toward_deg: number | null;
  /** "true" or "false" (null: never measured): the same text in every format. */
  lean_apparent: string | null;
  lean_measured_at: string | null;
}

/** A row as a file writes it: its position in the file's system, null where it has none there. */
export type PlacedPoleRow = Omit<PoleExportRow, "latitude" | "longitude"> & {
  latitude: number | null;
  longitude: number | null;
};

/** As node-postgres parses it: jsonb `attributes` is a plain object. */
type RawPoleRow = Omit<PoleExportRow, "attributes"> & { attributes: Record<string, string | number> };

/**
 * The row with its attributes in a Map. JSON.parse makes every key an own property (`__proto__`
 * too), and Object.entries reads own properties only: no name finds Object.prototype.
 */
export function poleRowOf(raw: RawPoleRow): PoleExportRow {
  const row = raw as unknown as PoleExportRow;
  row.attributes = new Map(Object.entries(raw.attributes));
  return row;
}

/** The pole's condition's source: an open finding's level, else its quick rating. */
export const CONDITION_SOURCE = sql`CASE WHEN p.finding_level IS NOT NULL THEN 'finding'
  WHEN p.risk IS NOT NULL THEN 'rating' END`;

/** A comma list of risk levels as a condition on `column` (`unrated`: none). */
export function riskIn(column: SQL, risk: readonly ExportRisk[]): SQL {
  const levels = risk.filter((r) => r !== "unrated");
  const any: SQL[] = [];
  if (levels.length > 0)
    any.push(
      sql`${column} IN (${sql.join(
        levels.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
  if (risk.includes("unrated")) any.push(sql`${column} IS NULL`);
  return sql`(${sql.join(any, sql` OR `)})`;
}

export function poleExportQuery(f: {
  workspaceId: string;
  region?: { longitude: number; latitude: number };
  risk?: readonly ExportRisk[];
}): SQL {
  const where: SQL[] = [sql`p.workspace_id = ${f.workspaceId}`];
  if (f.region) where.push(inRegion("p", f.region));
  // The poles' risk filter is what the map colours them by, as the regions' counts are.
  if (f.risk) where.push(riskIn(sql`p.condition`, f.risk));
  // The last photo's date through images_pole_idx (pole_id, date, ...) and each type's last visit
  // through visits_pole_type_idx (pole_id, type, inspected_on): index probes a pole.
  return sql`WITH cycles AS (SELECT code, cycle_years FROM utility_pole_inspection_cycles(${f.workspaceId}))
             SELECT p.id::text AS id, p.tag, p.label, p.latitude, p.longitude, p.material, p.height_m,
                    p.class, p.installed_year, p.circuit, p.source, p.position_source, p.attributes, p.risk,
                    p.condition, ${CONDITION_SOURCE} AS condition_source, p.photo_count,
                    (SELECT max(i.date)::text FROM utility_pole_images i WHERE i.pole_id = p.id) AS last_photo_date,
                    p.last_inspected_on::text AS last_visit_on, p.inspection_due_on::text AS inspection_due_on,
                    (SELECT json_agg(json_build_array(l.type, l.last_on::text,
                              (l.last_on + make_interval(years => c.cycle_years))::date::text))
                       FROM (SELECT v.type, max(v.inspected_on) AS last_on FROM utility_pole_visits v
                              WHERE v.pole_id = p.id GROUP BY v.type) l
                       JOIN cycles c ON c.code = l.type) AS type_visits,
                    round(p.lean_deg::numeric, 2)::float8 AS lean_deg,
                    round(p.lean_toward_deg::numeric, 1)::float8 AS lean_toward_deg,
                    p.lean_apparent::text AS lean_apparent,
                    to_char(p.lean_measured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lean_measured_at
             FROM utility_poles p
             WHERE ${sql.join(where, sql` AND `)}
             ORDER BY lower(p.tag) COLLATE "C" NULLS LAST, p.id`;
}

/** An attribute name of the workspace's poles: how many poles have it, whether always a number. */
export interface AttributeName {
  name: string;
  poles: number;
  numeric: boolean;
}

/** Every attribute name of the workspace's poles, by name. */
export const attributeNamesQuery = (workspaceId: string) =>
  sql`SELECT e.k AS name, count(*)::int AS poles, bool_and(jsonb_typeof(e.v) = 'number') AS numeric
      FROM utility_poles p, jsonb_each(p.attributes) AS e(k, v)
      WHERE p.workspace_id = ${workspaceId} GROUP BY e.k ORDER BY e.k`;

/** The workspace's inspection type codes, in the settings' order. */
export const inspectionTypesQuery = (workspaceId: string) =>
  sql`SELECT code FROM utility_pole_inspection_cycles(${workspaceId})`;
