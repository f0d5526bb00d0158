/**
 * The SQL of a change to many findings at once (a bulk change, and a PATCH as a change of one):
 * the rows read and locked in one statement, one UPDATE for every finding given the same changes,
 * and the extensions in one INSERT. Per finding, 3,001 findings were ~18,000 statements and 36 s.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../infra/db/database";
import { FINDING_COLUMNS, FINDING_FROM, type FindingRow } from "./finding-columns";
import type { Changes } from "./finding-work";

const uuidList = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/** A column's new value, cast as the column is typed. */
function setOf(column: string, value: Changes[string]): SQL {
  if (column.endsWith("_on")) return sql`${sql.identifier(column)} = ${value}::date`;
  if (column.endsWith("image_id")) return sql`${sql.identifier(column)} = ${value}::uuid`;
  return sql`${sql.identifier(column)} = ${value}`;
}

export interface NewExtension {
  findingId: string;
  from: string;
  to: string;
  reason: string;
}

export function findingChangeQueries() {
  return {
    /** The workspace's findings of `ids` (those that exist), locked until the transaction ends. */
    async findMany(tx: Executor, workspaceId: string, ids: string[]): Promise<FindingRow[]> {
      const res = await tx.execute(
        sql`SELECT ${FINDING_COLUMNS} FROM ${FINDING_FROM}
            WHERE f.id = ANY(${uuidList(ids)}) AND f.workspace_id = ${workspaceId}
            ORDER BY f.id FOR UPDATE OF f`,
      );
      return res.rows as unknown as FindingRow[];
    },

    /** The same changes to each finding of `ids`, each a version further. */
    async updateMany(tx: Executor, ids: string[], changes: Changes): Promise<void> {
      const sets = Object.entries(changes).map(([column, value]) => setOf(column, value));
      await tx.execute(
        sql`UPDATE utility_pole_findings SET ${sql.join(sets, sql`, `)}, version = version + 1
            WHERE id = ANY(${uuidList(ids)})`,
      );
    },

    /** The extensions granted by one user on one day, in one statement. */
    async addExtensions(
      tx: Executor,
      e: { workspaceId: string; by: string; on: string; extensions: NewExtension[] },
    ): Promise<void> {
      if (e.extensions.length === 0) return;
      const column = (pick: (x: NewExtension) => string) => JSON.stringify(e.extensions.map(pick));
      await tx.execute(
        sql`INSERT INTO utility_pole_finding_extensions
              (workspace_id, finding_id, from_due_on, to_due_on, reason, extended_by, extended_on)
            SELECT ${e.workspaceId}, x.finding_id::uuid, x.from_due_on::date, x.to_due_on::date, x.reason,
                   ${e.by}, ${e.on}::date
            FROM ROWS FROM (
              json_array_elements_text(${column((x) => x.findingId)}::json),
              json_array_elements_text(${column((x) => x.from)}::json),
              json_array_elements_text(${column((x) => x.to)}::json),
              json_array_elements_text(${column((x) => x.reason)}::json)
            ) AS x (finding_id, from_due_on, to_due_on, reason)`,
      );
    },
  };
}

export type FindingChangeQueries = ReturnType<typeof findingChangeQueries>;
