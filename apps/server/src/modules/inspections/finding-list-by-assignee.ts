/**
 * The work list sorted by assignee, a page at a time without sorting the workspace's findings.
 * The key is the assignee's e-mail (unassigned: the empty text), then the due date, then the id.
 * The e-mail is not on the finding, so the page walks the few assignees in e-mail order (found by
 * skipping through the assignee index) and, for each, its findings in that index's own order
 * (workspace, assignee, due date, id); only the page's rows are then read in full.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../infra/db/database";
import { FINDING_COLUMNS, FINDING_FROM, type FindingRow } from "./finding-columns";

/** What the walk reads of the list's filter (the rest is in `where`, the list's conditions). */
interface AssigneePage {
  workspaceId: string;
  sort?: { descending: boolean };
  after?: { key: string; id: string };
  limit: number;
}

/** The cursor's key of a row sorted by assignee: its due date, a space, the assignee's e-mail. */
function parseKey(key: string): { due: string; email: string } {
  return { due: key.slice(0, 10), email: key.slice(11) };
}

export async function listByAssignee(
  db: Executor,
  q: AssigneePage,
  where: SQL[],
): Promise<(FindingRow & { sort_key: string })[]> {
  const descending = q.sort?.descending ?? false;
  const dir = sql.raw(descending ? "DESC" : "ASC");
  const after = q.after ? { ...parseKey(q.after.key), id: q.after.id } : undefined;
  // Past the cursor: the assignees from its e-mail on; within its own, the rows after it.
  const [cmp, cmpKey] = descending ? [sql.raw("<"), sql.raw("<=")] : [sql.raw(">"), sql.raw(">=")];
  const edge = descending
    ? { due: sql`'infinity'::date`, id: sql`'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid` }
    : { due: sql`'-infinity'::date`, id: sql`'00000000-0000-0000-0000-000000000000'::uuid` };
  // Two columns compared with two values (not a record): the index can start at them.
  const from = (email: SQL) =>
    after
      ? sql`(CASE WHEN ${email} = ${after.email} THEN ${after.due}::date ELSE ${edge.due} END,
             CASE WHEN ${email} = ${after.email} THEN ${after.id}::uuid ELSE ${edge.id} END)`
      : sql`(${edge.due}, ${edge.id})`;
  const keysFrom = after ? sql`AND k.email ${cmpKey} ${after.email}` : sql``;
  const filter = sql.join(where, sql` AND `);
  const rows = (match: SQL, email: SQL) => sql`
    SELECT f.id, f.due_on FROM utility_pole_findings f JOIN utility_poles p ON p.id = f.pole_id
    WHERE ${match} AND ${filter} AND (f.due_on, f.id) ${cmp} ${from(email)}
    ORDER BY f.due_on ${dir}, f.id ${dir} LIMIT ${q.limit}`;

  const result = await db.execute(sql`
    WITH RECURSIVE assignees AS (
      (SELECT assignee_id AS id FROM utility_pole_findings
       WHERE workspace_id = ${q.workspaceId} AND assignee_id IS NOT NULL ORDER BY assignee_id LIMIT 1)
      UNION ALL
      SELECT (SELECT f.assignee_id FROM utility_pole_findings f
              WHERE f.workspace_id = ${q.workspaceId} AND f.assignee_id > a.id ORDER BY f.assignee_id LIMIT 1)
      FROM assignees a WHERE a.id IS NOT NULL
    ),
    k AS (
      SELECT a.id, coalesce(u.email, '') AS email FROM assignees a LEFT JOIN "user" u ON u.id = a.id
      WHERE a.id IS NOT NULL
    ),
    page AS (
      (SELECT k.email, s.id, s.due_on FROM k CROSS JOIN LATERAL (${rows(sql`f.assignee_id = k.id`, sql`k.email`)}) s
       WHERE true ${keysFrom})
      UNION ALL
      (SELECT '' AS email, s.id, s.due_on FROM (${rows(sql`f.assignee_id IS NULL`, sql`''`)}) s
       WHERE ${after ? sql`'' ${cmpKey} ${after.email}` : sql`true`})
      ORDER BY 1 ${dir}, 3 ${dir}, 2 ${dir} LIMIT ${q.limit}
    )
    SELECT x.* FROM page CROSS JOIN LATERAL (
      SELECT ${FINDING_COLUMNS}, page.due_on::text || ' ' || page.email AS sort_key
      FROM ${FINDING_FROM} WHERE f.id = page.id
      -- Kept a subquery (not joined to the page): each row is read by its id, never by a scan
      -- of the workspace's findings, which a small table's statistics would choose.
      LIMIT 1) x
    ORDER BY page.email ${dir}, page.due_on ${dir}, page.id ${dir}`);
  return result.rows as unknown as (FindingRow & { sort_key: string })[];
}
