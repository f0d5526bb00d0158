/**
 * The workspace_events table (drizzle/0015) and its NOTIFY. An event is written in the
 * transaction of the change it reports: its NOTIFY reaches the listeners only when that commits,
 * and a rolled-back change leaves neither row nor notice.
 */
import { EVENT_MAX_IDS, type WorkspaceEvent, type WorkspaceEventType } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../infra/db/database";

/** The NOTIFY channel every server process LISTENs on. */
export const EVENTS_CHANNEL = "workspace_events";

export interface NewEvent {
  workspaceId: string;
  type: WorkspaceEventType;
  actorId: string;
  imageIds?: string[];
  poleIds?: string[];
  memberId?: string | null;
}

/** Writes one event (in `tx` when given, so it commits with the change). */
export type PublishEvent = (event: NewEvent, tx?: Executor) => Promise<void>;

/** The row as the stream sends it (also the NOTIFY payload: ids only, well under 8000 bytes). */
const asJson = sql`json_build_object('id', e.id::text, 'type', e.type, 'workspace_id', e.workspace_id,
  'actor_id', e.actor_id, 'image_ids', to_json(e.image_ids), 'pole_ids', to_json(e.pole_ids),
  'member_id', e.member_id)`;

const idList = (ids: string[] | undefined) => JSON.stringify([...new Set(ids ?? [])].slice(0, EVENT_MAX_IDS));

export function createEventsRepository(db: Db) {
  const publish: PublishEvent = async (e, tx = db) => {
    await tx.execute(sql`
      WITH e AS (
        INSERT INTO workspace_events (workspace_id, type, actor_id, image_ids, pole_ids, member_id)
        VALUES (${e.workspaceId}, ${e.type}, ${e.actorId},
          ARRAY(SELECT json_array_elements_text(${idList(e.imageIds)}::json)),
          ARRAY(SELECT json_array_elements_text(${idList(e.poleIds)}::json)),
          ${e.memberId ?? null})
        RETURNING *
      )
      SELECT pg_notify(${EVENTS_CHANNEL}, ${asJson}::text) FROM e`);
  };

  return {
    publish,

    /** The workspace's events after `afterId`, oldest first, at most `limit`. */
    async since(workspaceId: string, afterId: number, limit: number): Promise<WorkspaceEvent[]> {
      const res = await db.execute(sql`
        SELECT ${asJson} AS event FROM workspace_events e
        WHERE e.workspace_id = ${workspaceId} AND e.id > ${afterId} ORDER BY e.id LIMIT ${limit}`);
      return (res.rows as { event: WorkspaceEvent }[]).map((r) => r.event);
    },

    /** The oldest and newest event ids kept (of every workspace); null when none was ever written. */
    async bounds(): Promise<{ oldest: number; newest: number } | null> {
      const res = await db.execute(
        sql`SELECT min(id)::text AS oldest, max(id)::text AS newest FROM workspace_events`,
      );
      const row = res.rows[0] as { oldest: string | null; newest: string | null } | undefined;
      if (!row?.oldest || !row.newest) return null;
      return { oldest: Number(row.oldest), newest: Number(row.newest) };
    },

    /** A team's name (what "You were removed from …" names), or null for a personal workspace. */
    async teamName(workspaceId: string): Promise<string | null> {
      const res = await db.execute(sql`SELECT name FROM organization WHERE id = ${workspaceId}`);
      return (res.rows[0] as { name: string } | undefined)?.name ?? null;
    },

    /** Whether the user belongs to the team (a personal workspace is its owner's alone). */
    async isMember(userId: string, workspaceId: string): Promise<boolean> {
      if (workspaceId === userId) return true;
      const res = await db.execute(
        sql`SELECT 1 FROM member WHERE user_id = ${userId} AND organization_id = ${workspaceId}`,
      );
      return res.rows.length > 0;
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
