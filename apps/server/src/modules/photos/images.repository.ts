/**
 * Every SQL statement about photos. Rows come back in the API's own shape (snake_case, ISO
 * strings), so services never see driver types (bigint strings, Date objects in local time).
 */
import { sql, type SQL } from "drizzle-orm";
import { LIST_ORDER_COLUMNS, type PhotoMetadata, type Risk } from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";
import type { ListKey } from "./list-cursor";

export interface ImageRow {
  id: string;
  /** The uploader. */
  user_id: string;
  workspace_id: string;
  storage_key: string;
  thumbnail_key: string;
  name: string;
  date: string | null;
  /** Fixed-width UTC with microseconds, so string order is time order (see compareByDate). */
  created_at: string;
  latitude: number | null;
  longitude: number | null;
  metadata: PhotoMetadata;
  pole_id: string | null;
  risk: Risk | null;
  notes: string | null;
  sha256: string | null;
  /** Who last set `risk` (a user id). */
  rated_by: string | null;
  uploaded_by_email: string | null;
  rated_by_email: string | null;
  /** The ETag's number: up by one on every change (drizzle/0014). */
  version: number;
  updated_at: string | null;
  updated_by_email: string | null;
  /** ISO 8601 UTC with milliseconds. */
  taken_at: string | null;
  heading: number | null;
  faces_blurred: number;
  manual_boxes: number;
  blurred_at: string | null;
  /** The file as uploaded where the stored one is its rendition (photo-original.ts); else null. */
  original_key: string | null;
  original_mime: string | null;
  original_bytes: number | null;
}

export interface NewImageRow {
  id: string;
  userId: string;
  workspaceId: string;
  storageKey: string;
  thumbnailKey: string;
  name: string;
  date: string | null;
  latitude: number | null;
  longitude: number | null;
  fileSize: number;
  metadata: PhotoMetadata;
  poleId: string | null;
  sha256: string;
  /** The capture instant (capture-time.ts), ISO 8601. */
  takenAt: string | null;
  /** EXIF GPSImgDirection, 0 ≤ h < 360. */
  heading: number | null;
  /** Faces blurred before it was stored. */
  facesBlurred: number;
  /** The uploaded file kept beside the stored rendition; its bytes are in `fileSize` too. */
  original: { key: string; mime: string; bytes: number } | null;
}

/** A workspace's storage as the database holds it (null: no quota or cap was set). */
export interface StoredStorage {
  usedBytes: number;
  quotaBytes: number | null;
  /** The caller's own photos in the workspace. */
  memberUsedBytes: number;
  memberCapBytes: number | null;
}

export interface RegionRow {
  region_lon: number;
  region_lat: number;
  count: number;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  /** Its 'Region N' number. */
  number: number;
}

export const COLUMNS =
  sql.raw(`id::text, user_id, workspace_id, storage_key, thumbnail_key, name, date::text AS date,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  latitude, longitude, metadata, pole_id::text AS pole_id, risk, notes, sha256, rated_by, heading,
  to_char(taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS taken_at,
  (SELECT u.email FROM "user" u WHERE u.id = user_id) AS uploaded_by_email,
  (SELECT u.email FROM "user" u WHERE u.id = rated_by) AS rated_by_email, version,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at,
  (SELECT u.email FROM "user" u WHERE u.id = updated_by) AS updated_by_email,
  faces_blurred, manual_boxes,
  to_char(blurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS blurred_at,
  original_key, original_mime, original_bytes::float8 AS original_bytes`);

/**
 * The one list order (shared LIST_ORDER_COLUMNS): ascending, nulls (undated) last. Qualified with
 * the table's alias: a bare `date` in ORDER BY would mean the *output* column (`date::text AS
 * date`), which sorts the same but cannot use an index. `prefix` names the summary table's copy
 * of a region's first photo (first_date, first_created_at, first_id).
 */
export const listOrder = (alias: string, prefix = "") =>
  sql.raw(LIST_ORDER_COLUMNS.map((c) => `${alias}.${prefix}${c} ASC NULLS LAST`).join(", "));

/** The photos of one region (a parsed /api/regions id): the list's and the export's condition. */
export const inRegion = (alias: string, region: { longitude: number; latitude: number }) =>
  sql`${sql.raw(alias)}.region_lon = ${region.longitude}::float8 AND ${sql.raw(alias)}.region_lat = ${region.latitude}::float8`;

/** Which photos a page walks: all of the workspace's, those without a pole, or one region's. */
export interface ListFilter {
  unplaced?: boolean;
  region?: { longitude: number; latitude: number };
}

/**
 * Rows after `key` in list order, as two index range scans (dated rows after the key, then the
 * undated ones), each already in order: a single `OR date IS NULL` condition would make
 * PostgreSQL collect and sort every remaining row instead. A region's pages scan its own index
 * (workspace, region, list order) the same way.
 */
function pageAfter(workspaceId: string, key: ListKey | null, limit: number, filter: ListFilter = {}): SQL {
  const take = sql`ORDER BY ${listOrder("img")} LIMIT ${limit}`;
  const conditions = [sql`workspace_id = ${workspaceId}`];
  // Without coordinates, or waiting for a member to name its register pole: no pole either way.
  if (filter.unplaced) conditions.push(sql`img.pole_id IS NULL`);
  if (filter.region) conditions.push(inRegion("img", filter.region));
  const owner = sql.join(conditions, sql` AND `);
  if (!key) return sql`SELECT ${COLUMNS} FROM utility_pole_images img WHERE ${owner} ${take}`;
  const undatedAfter =
    key.date === null
      ? sql`AND (img.created_at, img.id) > (${key.created_at}::timestamptz, ${key.id}::uuid)`
      : sql``;
  const undated = sql`(SELECT ${COLUMNS} FROM utility_pole_images img
                       WHERE ${owner} AND img.date IS NULL ${undatedAfter} ${take})`;
  if (key.date === null) return undated;
  return sql`SELECT * FROM (
      (SELECT ${COLUMNS} FROM utility_pole_images img
       WHERE ${owner}
         AND (img.date, img.created_at, img.id) > (${key.date}::date, ${key.created_at}::timestamptz, ${key.id}::uuid)
       ${take})
      UNION ALL ${undated}
    ) page ORDER BY ${listOrder("page")} LIMIT ${limit}`;
}

/** The read queries, exported so the scale check (test/scale) explains exactly what the API runs. */
export const imageQueries = {
  /**
   * A workspace's bytes and quota, and the caller's share and cap there, in one round trip (an
   * upload asks twice). Usage rows are kept exact by triggers (drizzle/0010); no quota row = the
   * default, no cap row = no cap.
   */
  storage: (workspaceId: string, userId: string) =>
    sql`SELECT COALESCE((SELECT sum(used_bytes) FROM utility_pole_workspace_usage WHERE workspace_id = ${workspaceId}), 0)::text AS used,
               (SELECT quota_bytes FROM workspace_quotas WHERE workspace_id = ${workspaceId})::text AS quota,
               COALESCE((SELECT used_bytes FROM utility_pole_workspace_usage
                         WHERE workspace_id = ${workspaceId} AND user_id = ${userId}), 0)::text AS member_used,
               (SELECT cap_bytes FROM team_member_caps
                WHERE organization_id = ${workspaceId} AND user_id = ${userId})::text AS cap`,

  /** One page of the list: up to `limit` photos after `after` (from the start without one). */
  page: (workspaceId: string, after: ListKey | null, limit: number, filter: ListFilter = {}) =>
    pageAfter(workspaceId, after, limit, filter),

  /**
   * Regions with their numbers ('Region N', given once when a region appears and kept: drizzle/
   * 0011), from the trigger-kept summary table, one row per region, in number order. (The
   * regions come from the stored columns region_lon / region_lat, which reproduce
   * Math.round(v*10)/10 exactly: 0000_init.sql.)
   */
  regions: (workspaceId: string) =>
    sql`SELECT r.region_lon, r.region_lat, r.photo_count AS count, r.min_lon, r.min_lat, r.max_lon, r.max_lat,
               n.number
        FROM utility_pole_regions r
        JOIN utility_pole_region_numbers n
          ON n.workspace_id = r.workspace_id AND n.region_lon = r.region_lon AND n.region_lat = r.region_lat
        WHERE r.workspace_id = ${workspaceId}
        ORDER BY n.number`,

  /**
   * The same regions computed from the photos themselves: what the summary must always equal
   * (the property test compares them; too slow for requests at a million photos).
   */
  regionsFromPhotos: (workspaceId: string) =>
    sql`SELECT g.region_lon, g.region_lat, g.count, g.min_lon, g.min_lat, g.max_lon, g.max_lat
        FROM (
          SELECT region_lon, region_lat, count(*)::int AS count,
                 min(longitude) AS min_lon, min(latitude) AS min_lat,
                 max(longitude) AS max_lon, max(latitude) AS max_lat
          FROM utility_pole_images
          WHERE workspace_id = ${workspaceId} AND region_lon IS NOT NULL AND region_lat IS NOT NULL
          GROUP BY region_lon, region_lat
        ) g
        CROSS JOIN LATERAL (
          SELECT date, created_at, id FROM utility_pole_images i
          WHERE i.workspace_id = ${workspaceId} AND i.region_lon = g.region_lon AND i.region_lat = g.region_lat
          ORDER BY ${listOrder("i")}
          LIMIT 1
        ) first
        ORDER BY ${listOrder("first")}`,
};

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return res.rows as T[];
}

export function createImagesRepository(db: Db) {
  return {
    /**
     * Runs `fn` in a transaction that holds these locks (uploader and workspace ids) until commit
     * or rollback: the locks the summary triggers take (utility_pole_lock_users, drizzle/0003),
     * all at once and sorted, so two transactions cannot wait on each other.
     */
    withLocks<T>(keys: string[], fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const list = sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        );
        await tx.execute(sql`SELECT utility_pole_lock_users(ARRAY[${list}]::text[])`);
        return fn(tx);
      });
    },

    /** A workspace's storage as stored: its quota and the member's cap are null where none was set. */
    async storage(workspaceId: string, userId: string, tx: Executor = db): Promise<StoredStorage> {
      const [row] = await rows<{
        used: string;
        quota: string | null;
        member_used: string;
        cap: string | null;
      }>(tx, imageQueries.storage(workspaceId, userId));
      return {
        usedBytes: Number(row?.used ?? 0),
        quotaBytes: row?.quota == null ? null : Number(row.quota),
        memberUsedBytes: Number(row?.member_used ?? 0),
        memberCapBytes: row?.cap == null ? null : Number(row.cap),
      };
    },

    async insert(tx: Executor, r: NewImageRow): Promise<ImageRow> {
      const [row] = await rows<ImageRow>(
        tx,
        sql`INSERT INTO utility_pole_images
              (id, user_id, workspace_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata,
               pole_id, sha256, taken_at, heading, faces_blurred, blurred_at,
               original_key, original_mime, original_bytes)
            VALUES (${r.id}, ${r.userId}, ${r.workspaceId}, ${r.storageKey}, ${r.thumbnailKey}, ${r.name}, ${r.date},
              ${r.latitude}, ${r.longitude}, ${r.fileSize}, ${JSON.stringify(r.metadata)}::jsonb, ${r.poleId}::uuid,
              ${r.sha256}, ${r.takenAt}::timestamptz, ${r.heading}::float8, ${r.facesBlurred},
              CASE WHEN ${r.facesBlurred}::int > 0 THEN now() END,
              ${r.original?.key ?? null}, ${r.original?.mime ?? null}, ${r.original?.bytes ?? null}::bigint)
            RETURNING ${COLUMNS}`,
      );
      if (!row) throw new Error("INSERT … RETURNING gave no row");
      return row;
    },

    /** The user's stored role in a team (null: not a member), read in the caller's transaction. */
    async roleIn(tx: Executor, organizationId: string, userId: string): Promise<string | null> {
      const [row] = await rows<{ role: string }>(
        tx,
        sql`SELECT role FROM member WHERE organization_id = ${organizationId} AND user_id = ${userId}`,
      );
      return row?.role ?? null;
    },

    /** Whether a photo row with this id exists (a fresh query on the pool, not in any transaction). */
    /** Who uploaded the photos on a pole: the locks a move of them all takes. */
    async uploadersOnPole(workspaceId: string, poleId: string, tx: Executor = db): Promise<string[]> {
      const res = await tx.execute(
        sql`SELECT DISTINCT user_id FROM utility_pole_images
            WHERE workspace_id = ${workspaceId} AND pole_id = ${poleId}::uuid`,
      );
      return (res.rows as { user_id: string }[]).map((r) => r.user_id);
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await rows<{ found: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM utility_pole_images WHERE id = ${id}::uuid) AS found`,
      );
      return row?.found === true;
    },

    page(
      workspaceId: string,
      after: ListKey | null,
      limit: number,
      filter: ListFilter = {},
    ): Promise<ImageRow[]> {
      return rows<ImageRow>(db, imageQueries.page(workspaceId, after, limit, filter));
    },

    /** One photo, only when it is the caller's. */
    async findOwned(workspaceId: string, id: string, tx: Executor = db): Promise<ImageRow | null> {
      const [row] = await rows<ImageRow>(
        tx,
        sql`SELECT ${COLUMNS} FROM utility_pole_images WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}`,
      );
      return row ?? null;
    },

    /** Those of these photos that are the workspace's, in no particular order. */
    findOwnedMany(workspaceId: string, ids: readonly string[], tx: Executor = db): Promise<ImageRow[]> {
      return rows<ImageRow>(
        tx,
        sql`SELECT ${COLUMNS} FROM utility_pole_images
            WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[]) AND workspace_id = ${workspaceId}`,
      );
    },

    /** The caller's photo with these bytes, if any (the same bytes twice are one photo). */
    async findBySha256(workspaceId: string, sha256: string, tx: Executor = db): Promise<ImageRow | null> {
      const [row] = await rows<ImageRow>(
        tx,
        sql`SELECT ${COLUMNS} FROM utility_pole_images WHERE workspace_id = ${workspaceId} AND sha256 = ${sha256}`,
      );
      return row ?? null;
    },

    /**
     * The photo a stored file belongs to, only when it lies in a workspace of the user (their own
     * or a team's they are a member of): an <img> cannot name its tab's workspace.
     */
    async findByKeyForMember(userId: string, key: string): Promise<ImageRow | null> {
      const [row] = await rows<ImageRow>(
        db,
        sql`SELECT ${COLUMNS} FROM utility_pole_images
            WHERE (storage_key = ${key} OR thumbnail_key = ${key} OR original_key = ${key})
              AND (workspace_id = ${userId}
                   OR workspace_id IN (SELECT organization_id FROM member WHERE user_id = ${userId}))`,
      );
      return row ?? null;
    },

    /**
     * The workspace of a photo, only when the user works there (their own or a team they are a
     * member of); the team's name, null for the personal one.
     */
    async workspaceOfPhoto(
      userId: string,
      id: string,
    ): Promise<{ id: string; team_name: string | null } | null> {
      const [row] = await rows<{ id: string; team_name: string | null }>(
        db,
        sql`SELECT i.workspace_id AS id, o.name AS team_name
            FROM utility_pole_images i LEFT JOIN organization o ON o.id = i.workspace_id
            WHERE i.id = ${id}::uuid
              AND (i.workspace_id = ${userId}
                   OR EXISTS (SELECT 1 FROM member m WHERE m.organization_id = i.workspace_id AND m.user_id = ${userId}))`,
      );
      return row ?? null;
    },

    /** Deletes on id AND owner; the row (with its keys) when there was one. */
    async deleteOwned(workspaceId: string, id: string, tx: Executor = db): Promise<ImageRow | null> {
      const [row] = await rows<ImageRow>(
        tx,
        sql`DELETE FROM utility_pole_images WHERE id = ${id}::uuid AND workspace_id = ${workspaceId} RETURNING ${COLUMNS}`,
      );
      return row ?? null;
    },

    regions(workspaceId: string): Promise<RegionRow[]> {
      return rows<RegionRow>(db, imageQueries.regions(workspaceId));
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
