/**
 * The work list in SQL: every filter, and a keyset page in any of its sorts. Each sort is a
 * non-null key then the finding's id, both in the same direction, so "after the cursor" is one
 * row comparison whichever way the list runs.
 */
import { sql, type SQL } from "drizzle-orm";
import type { FindingLevel, FindingSortField, WorkStatus } from "@poleatlas/shared";
import type { Executor } from "../../infra/db/database";
import { FINDING_COLUMNS, FINDING_FROM, POLE_TAG, type FindingRow } from "./finding-columns";
import { listByAssignee } from "./finding-list-by-assignee";

/** Each sort's key and the type its cursor value is read back as. */
export const FINDING_SORT_KEYS: Record<FindingSortField, { key: SQL; type: SQL }> = {
  due: { key: sql`f.due_on`, type: sql.raw("date") },
  level: { key: sql`f.level`, type: sql.raw("smallint") },
  observed: { key: sql`f.observed_on`, type: sql.raw("date") },
  tag: { key: POLE_TAG, type: sql.raw("text") },
  // Unassigned and circuit-less findings sort as the empty text: first ascending, last descending.
  circuit: { key: sql`coalesce(p.circuit, '')`, type: sql.raw("text") },
  // Read by listByAssignee: the e-mail, then the due date (its cursor key carries both).
  assignee: { key: sql`coalesce(ua.email, '')`, type: sql.raw("text") },
};

export interface FindingFilter {
  workspaceId: string;
  /** The finding resolved or not (the roll-up's column). */
  status: "open" | "resolved" | "all";
  /** The steps of the work, any of them. */
  steps?: WorkStatus[];
  overdueBefore?: string;
  /** Unresolved and due on or before this day. */
  dueBy?: string;
  level?: FindingLevel;
  code?: string;
  region?: { longitude: number; latitude: number };
  poleId?: string;
  circuit?: string;
  /** A user id, or null for the unassigned. */
  assignee?: string | null;
  observedFrom?: string;
  observedTo?: string;
  sort?: { field: FindingSortField; descending: boolean };
  /** The last row of the page before: its sort key (as text) and id. */
  after?: { key: string; id: string };
  limit: number;
}

export type ListedFinding = FindingRow & { sort_key: string };

/**
 * A resolved finding is at "resolved" whatever its work_status says (see schema.ts); every
 * unresolved step at once is simply status = 'open', which the open findings' index serves.
 */
function stepsCondition(steps: WorkStatus[]): SQL {
  const open = steps.filter((s) => s !== "resolved");
  const parts: SQL[] = [];
  if (steps.includes("resolved")) parts.push(sql`f.status = 'resolved'`);
  if (open.length === 3) parts.push(sql`f.status = 'open'`);
  else if (open.length > 0) {
    const list = sql.join(
      open.map((s) => sql`${s}`),
      sql`, `,
    );
    parts.push(sql`(f.status = 'open' AND f.work_status IN (${list}))`);
  }
  return sql`(${sql.join(parts, sql` OR `)})`;
}

export function findingConditions(q: FindingFilter): SQL[] {
  // The pole's workspace too (always the finding's): the poles' indexes by tag and circuit start
  // with it, so a page sorted or filtered by them can walk the poles in order.
  const where: SQL[] = [sql`f.workspace_id = ${q.workspaceId}`, sql`p.workspace_id = ${q.workspaceId}`];
  // Those indexes hold only poles with findings, as a finding's pole always is; said only where
  // they serve, since the planner, not knowing that, would count on it to drop most rows.
  const byPole = q.sort?.field === "tag" || q.sort?.field === "circuit" || q.circuit !== undefined;
  if (byPole) where.push(sql`p.last_finding_on IS NOT NULL`);
  if (q.status !== "all") where.push(sql`f.status = ${q.status}`);
  if (q.steps) where.push(stepsCondition(q.steps));
  if (q.overdueBefore !== undefined)
    where.push(sql`f.status = 'open' AND f.due_on < ${q.overdueBefore}::date`);
  if (q.dueBy !== undefined) where.push(sql`f.status = 'open' AND f.due_on <= ${q.dueBy}::date`);
  if (q.level !== undefined) where.push(sql`f.level = ${q.level}`);
  if (q.code !== undefined) where.push(sql`f.code = ${q.code}`);
  if (q.region) {
    where.push(
      sql`p.region_lon = ${q.region.longitude}::float8 AND p.region_lat = ${q.region.latitude}::float8`,
    );
  }
  if (q.poleId !== undefined) where.push(sql`f.pole_id = ${q.poleId}::uuid`);
  // "" is the poles without a circuit (as the sort reads it: the index's expression); any other
  // text is a prefix in any case, read as a range of poles_work_circuit_prefix_idx.
  if (q.circuit === "") where.push(sql`coalesce(p.circuit, '') = ''`);
  else if (q.circuit !== undefined) {
    const prefix = q.circuit.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(sql`lower(coalesce(p.circuit, '')) LIKE lower(${`${prefix}%`})`);
  }
  if (q.assignee === null) where.push(sql`f.assignee_id IS NULL`);
  else if (q.assignee !== undefined) where.push(sql`f.assignee_id = ${q.assignee}`);
  if (q.observedFrom !== undefined) where.push(sql`f.observed_on >= ${q.observedFrom}::date`);
  if (q.observedTo !== undefined) where.push(sql`f.observed_on <= ${q.observedTo}::date`);
  return where;
}

export async function listFindings(db: Executor, q: FindingFilter): Promise<ListedFinding[]> {
  const sort = q.sort ?? { field: "due", descending: false };
  const { key, type } = FINDING_SORT_KEYS[sort.field];
  const where = findingConditions(q);
  if (sort.field === "assignee") return listByAssignee(db, q, where);
  if (q.after) {
    const after = sql`(${q.after.key}::${type}, ${q.after.id}::uuid)`;
    where.push(sort.descending ? sql`(${key}, f.id) < ${after}` : sql`(${key}, f.id) > ${after}`);
    // Implied by the row comparison; said alone, an index on the key can start at the cursor.
    const key0 = sql`${q.after.key}::${type}`;
    where.push(sort.descending ? sql`${key} <= ${key0}` : sql`${key} >= ${key0}`);
  }
  const dir = sql.raw(sort.descending ? "DESC" : "ASC");
  const result = await db.execute(
    sql`SELECT ${FINDING_COLUMNS}, (${key})::text AS sort_key FROM ${FINDING_FROM}
        WHERE ${sql.join(where, sql` AND `)} ORDER BY ${key} ${dir}, f.id ${dir} LIMIT ${q.limit}`,
  );
  return result.rows as unknown as ListedFinding[];
}

/** The ids of every finding of a filter, up to `limit` (a bulk action's rows). */
export async function findingIdsOf(
  db: Executor,
  q: Omit<FindingFilter, "after" | "sort">,
): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT f.id::text AS id FROM ${FINDING_FROM} WHERE ${sql.join(findingConditions(q), sql` AND `)}
        ORDER BY f.due_on, f.id LIMIT ${q.limit}`,
  );
  return (result.rows as { id: string }[]).map((r) => r.id);
}
