/**
 * What the e-mail alerts read and keep: each person's switches per workspace (a missing row is
 * every kind on), who manages a workspace, the findings a mail names, and the digest's day claim.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AlertKind, NotificationPreferences, NotificationPreferencesUpdate } from "@poleatlas/shared";
import type { Executor } from "../../infra/db/database";
import { POLE_TAG } from "../inspections/finding-columns";

export interface Person {
  id: string;
  email: string;
}

/** A finding as a mail names it. */
export interface MailFinding {
  id: string;
  workspace_id: string;
  pole_id: string;
  pole_tag: string | null;
  latitude: number;
  longitude: number;
  code: string;
  level: number;
  due_on: string;
  assignee_id: string | null;
  assignee_email: string | null;
  /** What the finder wrote; null when nothing. */
  notes: string | null;
  /** The team's name; null in a personal workspace. */
  team_name: string | null;
}

/** A person with unresolved findings in a workspace that the digest covers. */
export interface DigestTarget {
  user_id: string;
  workspace_id: string;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** A list of ids as one parameter, whatever its length. */
const idList = (ids: string[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** The column of a kind: from the fixed list, never from input. */
const KIND_COLUMN: Record<AlertKind, SQL> = {
  level1: sql.raw("level1"),
  assignment: sql.raw("assignment"),
  digest: sql.raw("digest"),
};

const MAIL_FINDING = sql`f.id::text AS id, f.workspace_id, f.pole_id::text AS pole_id, ${POLE_TAG} AS pole_tag,
  p.latitude, p.longitude, f.code, f.level::int AS level, f.due_on::text AS due_on, f.assignee_id,
  ua.email AS assignee_email, f.notes, o.name AS team_name
  FROM utility_pole_findings f JOIN utility_poles p ON p.id = f.pole_id
  LEFT JOIN "user" ua ON ua.id = f.assignee_id
  LEFT JOIN organization o ON o.id = f.workspace_id`;

export function createAlertsRepository(db: Executor) {
  return {
    async preferences(userId: string, workspaceId: string): Promise<NotificationPreferences> {
      const [row] = await rows<NotificationPreferences>(
        db,
        sql`SELECT level1, assignment, digest FROM user_notification_preferences
            WHERE user_id = ${userId} AND workspace_id = ${workspaceId}`,
      );
      return row ?? { level1: true, assignment: true, digest: true };
    },

    async setPreferences(
      userId: string,
      workspaceId: string,
      update: NotificationPreferencesUpdate,
    ): Promise<NotificationPreferences> {
      const value = (k: AlertKind) => (update[k] === undefined ? sql`DEFAULT` : sql`${update[k]}`);
      const keep = (k: AlertKind) =>
        update[k] === undefined
          ? sql`user_notification_preferences.${KIND_COLUMN[k]}`
          : sql`EXCLUDED.${KIND_COLUMN[k]}`;
      const [row] = await rows<NotificationPreferences>(
        db,
        sql`INSERT INTO user_notification_preferences (user_id, workspace_id, level1, assignment, digest)
            VALUES (${userId}, ${workspaceId}, ${value("level1")}, ${value("assignment")}, ${value("digest")})
            ON CONFLICT (user_id, workspace_id) DO UPDATE SET level1 = ${keep("level1")},
              assignment = ${keep("assignment")}, digest = ${keep("digest")}, updated_at = now()
            RETURNING level1, assignment, digest`,
      );
      if (!row) throw new Error("INSERT … RETURNING gave no preferences");
      return row;
    },

    /** Of `ids`, the people who have `kind` on in the workspace, with their addresses. */
    async wanting(workspaceId: string, ids: string[], kind: AlertKind): Promise<Person[]> {
      if (ids.length === 0) return [];
      return rows<Person>(
        db,
        sql`SELECT u.id, u.email FROM "user" u
            LEFT JOIN user_notification_preferences n ON n.user_id = u.id AND n.workspace_id = ${workspaceId}
            WHERE u.id IN ${idList(ids)} AND coalesce(n.${KIND_COLUMN[kind]}, true)`,
      );
    },

    /** The owners and admins: the user of a personal workspace, a team's members with either role. */
    async managers(workspaceId: string): Promise<string[]> {
      const found = await rows<{ id: string }>(
        db,
        sql`SELECT id FROM "user" WHERE id = ${workspaceId}
            UNION
            SELECT user_id FROM member WHERE organization_id = ${workspaceId}
              AND string_to_array(replace(role, ' ', ''), ',') && ARRAY['owner', 'admin']`,
      );
      return found.map((r) => r.id);
    },

    async findings(workspaceId: string, ids: string[]): Promise<MailFinding[]> {
      if (ids.length === 0) return [];
      return rows<MailFinding>(
        db,
        sql`SELECT ${MAIL_FINDING}
            WHERE f.workspace_id = ${workspaceId} AND f.id IN (SELECT id::uuid FROM ${idList(ids)} AS l(id))
            ORDER BY f.due_on, f.id`,
      );
    },

    /**
     * Everyone with an unresolved finding due by `until` (overdue ones too) in a workspace they
     * still belong to and whose digest is on.
     */
    async digestTargets(until: string): Promise<DigestTarget[]> {
      return rows<DigestTarget>(
        db,
        sql`SELECT DISTINCT f.assignee_id AS user_id, f.workspace_id FROM utility_pole_findings f
            LEFT JOIN user_notification_preferences n
              ON n.user_id = f.assignee_id AND n.workspace_id = f.workspace_id
            WHERE f.assignee_id IS NOT NULL AND f.status <> 'resolved' AND f.due_on <= ${until}::date
              AND coalesce(n.digest, true)
              AND (f.assignee_id = f.workspace_id OR EXISTS (SELECT 1 FROM member m
                   WHERE m.organization_id = f.workspace_id AND m.user_id = f.assignee_id))`,
      );
    },

    async dueFindings(target: DigestTarget, until: string): Promise<MailFinding[]> {
      return rows<MailFinding>(
        db,
        sql`SELECT ${MAIL_FINDING}
            WHERE f.workspace_id = ${target.workspace_id} AND f.assignee_id = ${target.user_id}
              AND f.status <> 'resolved' AND f.due_on <= ${until}::date
            ORDER BY f.due_on, f.level, f.id`,
      );
    },

    /**
     * Takes `day`'s digest for one person in one workspace: true for exactly one caller per day,
     * however many processes ask at once (the row's lock decides), and never when it is off.
     */
    async claimDigest(target: DigestTarget, day: string): Promise<boolean> {
      const claimed = await rows<{ ok: number }>(
        db,
        sql`INSERT INTO user_notification_preferences (user_id, workspace_id, digest_sent_on)
            VALUES (${target.user_id}, ${target.workspace_id}, ${day}::date)
            ON CONFLICT (user_id, workspace_id) DO UPDATE SET digest_sent_on = EXCLUDED.digest_sent_on
              WHERE user_notification_preferences.digest
                AND (user_notification_preferences.digest_sent_on IS NULL
                     OR user_notification_preferences.digest_sent_on < EXCLUDED.digest_sent_on)
            RETURNING 1 AS ok`,
      );
      return claimed.length > 0;
    },

    /** The address to mail: the account's. */
    async emailOf(userId: string): Promise<string | null> {
      const [row] = await rows<{ email: string }>(db, sql`SELECT email FROM "user" WHERE id = ${userId}`);
      return row?.email ?? null;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
