/** The audit trail's rows (drizzle/0008_audit.sql): appended, read newest first, never changed. */
import { sql, type SQL } from "drizzle-orm";
import type { AuditAction, AuditEntry, AuditFilter, AuditNames } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";

export interface NewAuditEntry {
  workspaceId: string;
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  /** What the entry's ids are called now (drizzle/0016_audit_names.sql). */
  names: AuditNames;
}

/** `names` as stored: empty for entries written before names were kept. */
export type AuditRow = AuditEntry & { id: string };

function filterConditions(workspaceId: string, f: AuditFilter): SQL[] {
  const conditions: SQL[] = [sql`workspace_id = ${workspaceId}`];
  if (f.action) conditions.push(sql`action = ${f.action}`);
  if (f.actor) conditions.push(sql`actor_id = ${f.actor}`);
  // Whole UTC days, both ends included.
  if (f.from) conditions.push(sql`at >= ${f.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (f.to) conditions.push(sql`at < (${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return conditions;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The names of `ids` as they are now (AuditRepository.namesOf): a pole by its tag (else its
 * label), a finding by its code, level and pole. Poles, photos and findings are looked up by
 * their uuid, so by their primary keys: compared as text, every pole of the workspace was read
 * (1M poles: ~0.4 s for each page of a pole's history).
 */
export function namesQuery(workspaceId: string, ids: string[]): SQL {
  const textList = (list: string[]) =>
    `{${list.map((id) => `"${id.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
  const list = sql`${textList(ids)}::text[]`;
  const uuids = sql`${textList(ids.filter((id) => UUID.test(id)))}::uuid[]`;
  return sql`SELECT id, jsonb_build_object('kind', 'person', 'name', name, 'email', email) AS n
        FROM "user" WHERE id = ANY(${list})
      UNION ALL
      SELECT id::text, jsonb_build_object('kind', 'pole', 'label', coalesce(nullif(tag, ''), label, ''),
          'latitude', latitude, 'longitude', longitude)
        FROM utility_poles WHERE workspace_id = ${workspaceId} AND id = ANY(${uuids})
      UNION ALL
      SELECT f.id::text, jsonb_build_object('kind', 'finding', 'code', f.code, 'level', f.level,
          'pole', coalesce(nullif(p.tag, ''), p.label, ''), 'latitude', p.latitude, 'longitude', p.longitude)
        FROM utility_pole_findings f JOIN utility_poles p ON p.id = f.pole_id
        WHERE f.workspace_id = ${workspaceId} AND f.id = ANY(${uuids})
      UNION ALL
      SELECT id::text, jsonb_build_object('kind', 'photo', 'name', name)
        FROM utility_pole_images WHERE workspace_id = ${workspaceId} AND id = ANY(${uuids})
      UNION ALL
      SELECT id, jsonb_build_object('kind', 'team', 'name', name)
        FROM organization WHERE id = ${workspaceId} AND id = ANY(${list})`;
}

/** Rows of one INSERT: 8 parameters each, far under PostgreSQL's 65,535. */
const AUDIT_ROWS_AT_ONCE = 1000;

export function createAuditRepository(db: Db) {
  return {
    /** In the caller's transaction when given: the entry commits with the change, or neither does. */
    async record(e: NewAuditEntry, tx: Executor = db): Promise<void> {
      await tx.execute(
        sql`INSERT INTO audit_log (workspace_id, actor_id, actor_email, action, target_type, target_id, details, names)
            VALUES (${e.workspaceId}, ${e.actorId}, ${e.actorEmail}, ${e.action}, ${e.targetType}, ${e.targetId},
                    ${JSON.stringify(e.details)}::jsonb, ${JSON.stringify(e.names)}::jsonb)`,
      );
    },

    /** Entries in multi-row INSERTs of AUDIT_ROWS_AT_ONCE, in their order (their ids follow it). */
    async recordMany(entries: NewAuditEntry[], tx: Executor = db): Promise<void> {
      for (let i = 0; i < entries.length; i += AUDIT_ROWS_AT_ONCE) {
        const values = entries.slice(i, i + AUDIT_ROWS_AT_ONCE).map(
          (e) =>
            sql`(${e.workspaceId}, ${e.actorId}, ${e.actorEmail}, ${e.action}, ${e.targetType}, ${e.targetId},
                   ${JSON.stringify(e.details)}::jsonb, ${JSON.stringify(e.names)}::jsonb)`,
        );
        await tx.execute(
          sql`INSERT INTO audit_log (workspace_id, actor_id, actor_email, action, target_type, target_id, details, names)
              VALUES ${sql.join(values, sql`, `)}`,
        );
      }
    },

    /**
     * What `ids` are called now: people (anyone: an actor may have left the team), and the
     * workspace's own poles and photos, and the workspace itself when it is a team.
     */
    async namesOf(workspaceId: string, ids: string[], tx: Executor = db): Promise<AuditNames> {
      if (ids.length === 0) return {};
      const res = await tx.execute(namesQuery(workspaceId, ids));
      const rows = res.rows as unknown as { id: string; n: AuditNames[string] }[];
      return Object.fromEntries(rows.map((r) => [r.id, r.n]));
    },

    /** Newest first: up to `limit` entries of the filter older than `beforeId` (from the newest without one). */
    async page(
      workspaceId: string,
      beforeId: string | null,
      limit: number,
      f: AuditFilter,
    ): Promise<AuditRow[]> {
      const conditions = filterConditions(workspaceId, f);
      if (beforeId !== null) conditions.push(sql`id < ${beforeId}::bigint`);
      const res = await db.execute(
        sql`SELECT id::text AS id,
                   to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
                   actor_id, actor_email, action, target_type, target_id, details, names
            FROM audit_log WHERE ${sql.join(conditions, sql` AND `)}
            -- Qualified: a bare id would sort the text output column ('9' after '10').
            ORDER BY audit_log.id DESC LIMIT ${limit}`,
      );
      return res.rows as unknown as AuditRow[];
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
