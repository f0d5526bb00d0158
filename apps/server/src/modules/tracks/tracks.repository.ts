/** Every SQL statement about GPS tracks, and the photo rows a track places. */
import { sql, type SQL } from "drizzle-orm";
import type { PhotoMetadata, Track } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";
import { timeSlices } from "../../infra/limits/time-slices";
import type { TrackPoint } from "./read-track";

/** A photo a track might place: its place now and its capture instant (ms, null when unknown). */
export interface MatchCandidate {
  id: string;
  user_id: string;
  latitude: number | null;
  longitude: number | null;
  taken_ms: number | null;
  /** The camera's compass bearing and its lens: the pole rule's line of sight once placed. */
  heading: number | null;
  metadata: Pick<PhotoMetadata, "optics">;
}

const TRACK = sql.raw(`id::text AS id, name, point_count AS points,
  to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startsAt",
  to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "endsAt"`);

const CANDIDATE = sql.raw(`id::text AS id, user_id, latitude, longitude,
  (extract(epoch FROM taken_at) * 1000)::float8 AS taken_ms, heading,
  jsonb_strip_nulls(jsonb_build_object('optics', metadata->'optics')) AS metadata`);

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/**
 * The points as JSON, a thousand at a time in slices of time: a week's 604,800 points were one
 * JSON.stringify of ~20 MB with no other request answered.
 */
async function pointsJson(points: TrackPoint[]): Promise<string> {
  const slices = timeSlices();
  const parts: string[] = [];
  for (let i = 0; i < points.length; i += 1000) {
    parts.push(JSON.stringify(points.slice(i, i + 1000)).slice(1, -1));
    if (slices.due()) await slices.turn();
  }
  return `[${parts.join(",")}]`;
}

export function createTracksRepository(db: Db) {
  return {
    async insert(t: {
      workspaceId: string;
      userId: string;
      name: string;
      points: TrackPoint[];
    }): Promise<Track> {
      const first = t.points[0]!;
      const last = t.points[t.points.length - 1]!;
      const [row] = await rows<Track>(
        db,
        sql`INSERT INTO tracks (workspace_id, user_id, name, point_count, starts_at, ends_at, points)
            VALUES (${t.workspaceId}, ${t.userId}, ${t.name}, ${t.points.length},
              to_timestamp(${first[0] / 1000}::float8), to_timestamp(${last[0] / 1000}::float8),
              ${await pointsJson(t.points)}::jsonb)
            RETURNING ${TRACK}`,
      );
      if (!row) throw new Error("INSERT … RETURNING gave no row");
      return row;
    },

    /** The workspace's tracks, newest first. */
    list(workspaceId: string): Promise<Track[]> {
      return rows<Track>(
        db,
        sql`SELECT ${TRACK} FROM tracks WHERE workspace_id = ${workspaceId} ORDER BY created_at DESC, id`,
      );
    },

    /**
     * One track with its points as the JSON they are stored in, only when it is the workspace's:
     * parsed on the track thread (a week's points are ~20 MB of JSON).
     */
    async findPointsJson(
      workspaceId: string,
      id: string,
    ): Promise<{ track: Track; pointsJson: string } | null> {
      const [row] = await rows<Track & { pts: string }>(
        db,
        sql`SELECT ${TRACK}, points::text AS pts FROM tracks WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}`,
      );
      if (!row) return null;
      const { pts, ...track } = row;
      return { track, pointsJson: pts };
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const found = await rows<{ id: string }>(
        db,
        sql`DELETE FROM tracks WHERE id = ${id}::uuid AND workspace_id = ${workspaceId} RETURNING id::text AS id`,
      );
      return found.length > 0;
    },

    /** The workspace's photos without coordinates (all, or those of `ids` placed or not). */
    candidates(workspaceId: string, ids?: string[], tx: Executor = db): Promise<MatchCandidate[]> {
      const which = ids
        ? sql`id = ANY(${`{${ids.join(",")}}`}::uuid[])`
        : sql`(latitude IS NULL OR longitude IS NULL)`;
      return rows<MatchCandidate>(
        tx,
        sql`SELECT ${CANDIDATE} FROM utility_pole_images
            WHERE workspace_id = ${workspaceId} AND ${which} ORDER BY taken_at, id`,
      );
    },

    /** Of these photos, those still without coordinates, locked until the transaction ends. */
    async stillUnplaced(tx: Executor, workspaceId: string, ids: string[]): Promise<Set<string>> {
      const found = await rows<{ id: string }>(
        tx,
        sql`SELECT id::text AS id FROM utility_pole_images
            WHERE workspace_id = ${workspaceId} AND id = ANY(${`{${ids.join(",")}}`}::uuid[])
              AND (latitude IS NULL OR longitude IS NULL)
            FOR UPDATE`,
      );
      return new Set(found.map((r) => r.id));
    },

    /**
     * Gives the photo its place and pole, and its capture instant on the track's clock (camera
     * time + offset) with the calendar day there (`date`: null keeps the one it has).
     */
    async place(
      tx: Executor,
      id: string,
      p: { latitude: number; longitude: number; poleId: string | null; takenAt: string; date: string | null },
    ): Promise<void> {
      await tx.execute(
        sql`UPDATE utility_pole_images SET latitude = ${p.latitude}, longitude = ${p.longitude},
              pole_id = ${p.poleId}::uuid, taken_at = ${p.takenAt}::timestamptz,
              date = COALESCE(${p.date}::date, date)
            WHERE id = ${id}::uuid`,
      );
    },
  };
}

export type TracksRepository = ReturnType<typeof createTracksRepository>;
