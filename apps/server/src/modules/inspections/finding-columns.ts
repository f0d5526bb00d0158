/**
 * What a finding reads as in SQL: its own columns, its pole's tag, place and circuit, who made it
 * and who it is assigned to, its extensions (oldest first) and its pole's last inspection visit.
 * The subqueries sit in the select list, so a sorted page computes them for its own rows only.
 */
import { sql } from "drizzle-orm";
import type { FindingExtension, FindingLevel, WorkStatus } from "@poleatlas/shared";

/**
 * A pole's tag as findings, the work list and the report show it: the register's tag, else (a pole
 * made from photos and never given one) its label.
 */
export const POLE_TAG = sql.raw("coalesce(nullif(p.tag, ''), p.label)");

export interface FindingRow {
  id: string;
  pole_id: string;
  pole_tag: string;
  pole_circuit: string | null;
  latitude: number;
  longitude: number;
  region_lon: number;
  region_lat: number;
  image_id: string | null;
  code: string;
  level: FindingLevel;
  notes: string | null;
  observed_on: string;
  due_on: string;
  original_due_on: string;
  /** The step of the work (work_status); resolved exactly when the finding is. */
  status: WorkStatus;
  created_by: string;
  created_by_email: string;
  resolved_on: string | null;
  resolved_by: string | null;
  action: string | null;
  repair_image_id: string | null;
  measurement_id: string | null;
  assignee_id: string | null;
  assignee_email: string | null;
  work_order: string | null;
  extensions: FindingExtension[];
  pole_last_visit: { on: string; type: string } | null;
  /** Its ETag: one more with every change. */
  version: number;
}

export const FINDING_COLUMNS = sql`f.id::text AS id, f.pole_id::text AS pole_id, ${POLE_TAG} AS pole_tag,
  p.circuit AS pole_circuit, p.latitude, p.longitude, p.region_lon, p.region_lat,
  f.image_id::text AS image_id, f.code, f.level::int AS level, f.notes, f.observed_on::text AS observed_on,
  f.due_on::text AS due_on, coalesce(f.original_due_on, f.due_on)::text AS original_due_on,
  CASE WHEN f.status = 'resolved' THEN 'resolved' ELSE f.work_status END AS status, f.created_by, coalesce(u.email, '') AS created_by_email,
  f.resolved_on::text AS resolved_on, f.resolved_by, f.action, f.repair_image_id::text AS repair_image_id,
  f.measurement_id::text AS measurement_id,
  f.assignee_id, ua.email AS assignee_email, f.work_order, f.version,
  (SELECT coalesce(json_agg(json_build_object('from_due_on', e.from_due_on::text, 'to_due_on', e.to_due_on::text,
            'reason', e.reason, 'extended_by', e.extended_by, 'extended_by_email', eu.email,
            'extended_on', e.extended_on::text) ORDER BY e.created_at, e.id), '[]'::json)
     FROM utility_pole_finding_extensions e LEFT JOIN "user" eu ON eu.id = e.extended_by
     WHERE e.finding_id = f.id) AS extensions,
  (SELECT json_build_object('on', v.inspected_on::text, 'type', v.type) FROM utility_pole_visits v
     WHERE v.pole_id = f.pole_id ORDER BY v.inspected_on DESC, v.created_at DESC LIMIT 1) AS pole_last_visit`;

export const FINDING_FROM = sql`utility_pole_findings f JOIN utility_poles p ON p.id = f.pole_id
  LEFT JOIN "user" u ON u.id = f.created_by LEFT JOIN "user" ua ON ua.id = f.assignee_id`;
