/**
 * Every SQL statement about poles. The pole rule and the risk roll-up are SQL functions
 * (drizzle/0004_poles.sql: utility_pole_assign, utility_pole_refresh), so the migration that
 * grouped the photos already stored and the API apply the very same rule.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  ASK_REACH_M,
  MAX_POLE_CANDIDATES,
  POLE_MARKERS_FORMAT,
  RISK_CODES,
  type PoleCandidate,
  type PoleTagHit,
  type PoleRecord,
  type RegionRisk,
  type Risk,
} from "@poleatlas/shared";
import type { Db, Executor } from "../../infra/db/database";
import { COLUMNS, listOrder, type ImageRow } from "../photos/images.repository";
import { FILES_PREFIX } from "../photos/image-record";
import type { PlaceSeen } from "../photos/pole-placement";

/** The columns PATCH /api/poles/:id may write. */
export type PoleColumn =
  | "label"
  | "tag"
  | "material"
  | "height_m"
  | "class"
  | "installed_year"
  | "circuit"
  | "attributes"
  | "setting_depth_m"
  | "species"
  | "groundline_circumference_m"
  | "top_circumference_m";

export interface PoleRiskRow extends RegionRisk {
  region_lon: number;
  region_lat: number;
  /** Of its poles, those with source 'import'. */
  imported: number;
}

/** What PATCH /api/images/:id may write; only the keys present are set. */
export interface ImageChanges {
  pole_id?: string | null;
  latitude?: number;
  longitude?: number;
  risk?: Risk | null;
  notes?: string | null;
  /** Who set `risk` (a user id). */
  rated_by?: string | null;
  /** YYYY-MM-DD: the capture day where the photo now stands (a new place may change it). */
  date?: string;
}

const SUMMARY = sql.raw(`p.id::text AS id, p.label, p.latitude, p.longitude, p.risk,
  s.photo_count, s.first_date, s.last_date, p.tag, p.material, p.height_m, p.class, p.installed_year,
  p.circuit, p.source, p.attributes, p.position_source, p.version, p.setting_depth_m, p.species,
  p.groundline_circumference_m, p.top_circumference_m,
  CASE WHEN p.lean_deg IS NOT NULL THEN json_build_object('degrees', p.lean_deg, 'toward_deg', p.lean_toward_deg,
    'apparent', p.lean_apparent, 'measured_at',
    to_char(p.lean_measured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS lean,
  to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at,
  (SELECT u.email FROM "user" u WHERE u.id = p.updated_by) AS updated_by`);
const SUMMARY_JOIN = sql.raw(`CROSS JOIN LATERAL (
    SELECT count(*)::int AS photo_count, min(i.date)::text AS first_date, max(i.date)::text AS last_date
    FROM utility_pole_images i WHERE i.pole_id = p.id) s`);

/** A pole's condition as its index in RISK_CODES (NULL is "unrated"), written out from the codes. */
const RISK_CODE = sql.raw(
  `CASE p.condition ${RISK_CODES.map((r, i) => (r === "unrated" ? "" : `WHEN '${r}' THEN '${i}' `)).join("")}ELSE '${RISK_CODES.indexOf("unrated")}' END`,
);
/** Every column in the same order, so PostgreSQL sorts the rows once for all of them (PG 16+). */
const OLDEST_FIRST = sql.raw("ORDER BY p.created_at, p.id");

/** The texts a search looks in: the register's tag and the pole's label. */
const SEARCHED: SQL[] = [sql.raw("coalesce(p.tag, '')"), sql.raw("p.label")];

/** `text` matched literally by LIKE: its own % and _ are not wildcards (backslash is the escape). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PoleSearchRow {
  id: string;
  label: string;
  tag: string | null;
  latitude: number;
  longitude: number;
  region_lon: number;
  region_lat: number;
  photo_count: number;
}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** The days a pole's overdue flag and inspection state turn on: today, and a year from today. */
export interface InspectionDates {
  today: string;
  dueBy: string;
}

/** A pole hit's columns (poleTagHitSchema); `latest` is LATEST_THUMBNAIL's. */
const HIT_COLUMNS = sql`p.id::text AS id, p.tag, p.label, p.latitude, p.longitude, p.risk,
  p.photo_count, CASE WHEN latest.thumbnail_key IS NULL THEN NULL
    ELSE ${FILES_PREFIX} || latest.thumbnail_key END AS thumbnail_url`;
/** The pole's latest photo by date (images_pole_idx walks it backwards: one row read a pole). */
const LATEST_THUMBNAIL = sql`LEFT JOIN LATERAL (
    SELECT img.thumbnail_key FROM utility_pole_images img WHERE img.pole_id = p.id
    ORDER BY img.date DESC, img.created_at DESC, img.id DESC LIMIT 1) latest ON true`;

/** A text column as a JSON string, "" for NULL: most poles have none, and those skip to_json. */
const jsonText = (column: string) =>
  sql.raw(`CASE WHEN coalesce(${column}, '') = '' THEN '""' ELSE to_json(${column})::text END`);

/** Memory for the region markers' sort: 100k poles sort in ~12 MB. */
export const MARKERS_WORK_MEM = "32MB";

export const poleQueries = {
  /**
   * The owner's poles drawn in one region (by the pole's own position), oldest first, as one row
   * of columns, each joined into a string: the parts of the compact marker form
   * (poleMarkersWireSchema). Positions are whole micro-degrees from the region's centre (`origin`),
   * the ids their 16 bytes in one base64 text, the small codes a digit a pole: the cheapest texts
   * to build here and to compress, and no per-pole work in Node.
   */
  markers: (
    workspaceId: string,
    region: { longitude: number; latitude: number },
    origin: { longitude: number; latitude: number },
    at: InspectionDates,
  ) =>
    sql`SELECT count(*)::int AS count,
          translate(encode(coalesce(string_agg(uuid_send(p.id), ''::bytea ${OLDEST_FIRST}), ''::bytea), 'base64'),
            E'\n', '') AS id_bytes,
          coalesce(string_agg((round(p.latitude * 1e6)::bigint - ${origin.latitude}::bigint)::text, ','
            ${OLDEST_FIRST}), '') AS latitudes,
          coalesce(string_agg((round(p.longitude * 1e6)::bigint - ${origin.longitude}::bigint)::text, ','
            ${OLDEST_FIRST}), '') AS longitudes,
          coalesce(string_agg(${RISK_CODE}, '' ${OLDEST_FIRST}), '') AS risks,
          coalesce(string_agg(p.photo_count::text, ',' ${OLDEST_FIRST}), '') AS counts,
          coalesce(string_agg(${jsonText("p.label")}, ',' ${OLDEST_FIRST}), '') AS labels,
          coalesce(string_agg(${jsonText("p.tag")}, ',' ${OLDEST_FIRST}), '') AS tags,
          coalesce(string_agg(CASE WHEN p.finding_due_on < ${at.today}::date THEN '1' ELSE '0' END, ''
            ${OLDEST_FIRST}), '') AS overdue,
          coalesce(string_agg(CASE WHEN p.inspection_due_on IS NULL THEN '3'
            WHEN p.inspection_due_on <= ${at.today}::date THEN '2'
            WHEN p.inspection_due_on <= ${at.dueBy}::date THEN '1' ELSE '0' END, '' ${OLDEST_FIRST}), '') AS inspections
        FROM utility_poles p
        WHERE p.workspace_id = ${workspaceId} AND p.region_lon = ${region.longitude}::float8
          AND p.region_lat = ${region.latitude}::float8`,
  search: (workspaceId: string, text: string, limit: number) => {
    const contains = `%${escapeLike(text)}%`;
    const startsWith = `${escapeLike(text)}%`;
    const any = (pattern: string) =>
      sql.join(
        SEARCHED.map((column) => sql`${column} ILIKE ${pattern}`),
        sql` OR `,
      );
    const equal = sql.join(
      SEARCHED.map((column) => sql`lower(${column}) = lower(${text})`),
      sql` OR `,
    );
    return sql`SELECT p.id::text AS id, p.label, p.tag, p.latitude, p.longitude, p.region_lon, p.region_lat,
          p.photo_count
        FROM utility_poles p
        WHERE p.workspace_id = ${workspaceId} AND (${any(contains)})
        ORDER BY (${equal}) DESC, (${any(startsWith)}) DESC, coalesce(p.tag, p.label), p.label, p.id
        LIMIT ${limit}`;
  },
  /** Poles whose tag or label starts with `prefix` (any case), by tag: GET /api/poles?tag=. */
  byTagPrefix: (workspaceId: string, prefix: string, limit: number) => {
    const pattern = `${escapeLike(prefix.toLowerCase())}%`;
    return sql`SELECT ${HIT_COLUMNS}
        FROM utility_poles p ${LATEST_THUMBNAIL}
        WHERE p.workspace_id = ${workspaceId}
          AND ((p.tag IS NOT NULL AND lower(p.tag) LIKE ${pattern}) OR lower(p.label) LIKE ${pattern})
        ORDER BY lower(coalesce(p.tag, p.label)), p.id
        LIMIT ${limit}`;
  },
  /** The named poles of the workspace (others' ids are simply not found), in the order named. */
  byIds: (workspaceId: string, ids: readonly string[]) =>
    sql`SELECT ${HIT_COLUMNS}
        FROM unnest(${`{${ids.join(",")}}`}::uuid[]) WITH ORDINALITY AS named(id, n)
        JOIN utility_poles p ON p.id = named.id ${LATEST_THUMBNAIL}
        WHERE p.workspace_id = ${workspaceId}
        ORDER BY named.n`,
  /**
   * The pole rule itself (functions.sql utility_pole_assign): a register pole by the photo's line
   * of sight or nearness, else the nearest pole within `radius` metres, else a new one; NULL when
   * the member must say which register pole it is.
   */
  assign: (workspaceId: string, at: PlaceSeen, radius: number) =>
    sql`SELECT utility_pole_assign(${workspaceId}, ${at.latitude}::float8, ${at.longitude}::float8,
          ${radius}::float8, ${at.heading ?? null}::float8, ${at.halfViewDeg ?? null}::float8)::text AS id`,
  /** The register poles within `reach` metres of a place, nearest first (functions.sql). */
  registerNear: (workspaceId: string, latitude: number, longitude: number, reach: number, limit: number) =>
    sql`SELECT r.id::text AS pole_id, r.tag, r.label, r.distance_m, r.bearing_deg, r.latitude, r.longitude
        FROM utility_pole_register_near(${workspaceId}, ${latitude}::float8, ${longitude}::float8, ${reach}::float8) r
        LIMIT ${limit}`,
};

type MarkerColumn =
  | "id_bytes"
  | "latitudes"
  | "longitudes"
  | "risks"
  | "counts"
  | "labels"
  | "tags"
  | "overdue"
  | "inspections";

export function createPolesRepository(db: Db) {
  return {
    /** The photo's pole by the pole rule; null: it waits for a member to name its register pole. */
    async assign(tx: Executor, workspaceId: string, at: PlaceSeen, radius: number): Promise<string | null> {
      const [row] = await rows<{ id: string | null }>(tx, poleQueries.assign(workspaceId, at, radius));
      if (!row) throw new Error("utility_pole_assign gave no row");
      return row.id;
    },

    /** The register poles a waiting photo may show, nearest first. */
    candidates(
      workspaceId: string,
      at: { latitude: number; longitude: number },
      tx: Executor = db,
    ): Promise<PoleCandidate[]> {
      return rows<PoleCandidate>(
        tx,
        poleQueries.registerNear(workspaceId, at.latitude, at.longitude, ASK_REACH_M, MAX_POLE_CANDIDATES),
      );
    },

    /**
     * A pole this transaction started (its created_at is the transaction's now()) stands where a
     * member put its photo by hand: its position is theirs, not a GPS fix.
     */
    async markPlacedByHand(tx: Executor, poleId: string): Promise<void> {
      await tx.execute(
        sql`UPDATE utility_poles SET position_source = 'manual'
            WHERE id = ${poleId}::uuid AND created_at = now() AND position_source = 'gps'`,
      );
    },

    /** A pole of its own, whatever is near (a user's "Make a new pole"). */
    async create(tx: Executor, workspaceId: string, latitude: number, longitude: number): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO utility_poles (workspace_id, latitude, longitude)
            VALUES (${workspaceId}, ${latitude}, ${longitude}) RETURNING id::text AS id`,
      );
      if (!row) throw new Error("INSERT … RETURNING gave no pole");
      return row.id;
    },

    /** Those of these poles that still stand (refresh removes photo-made poles left empty). */
    async existing(tx: Executor, poleIds: string[]): Promise<string[]> {
      if (poleIds.length === 0) return [];
      const found = await rows<{ id: string }>(
        tx,
        sql`SELECT id::text AS id FROM utility_poles WHERE id = ANY(${`{${poleIds.join(",")}}`}::uuid[])`,
      );
      return found.map((r) => r.id);
    },

    /** Empty poles go; the others take their latest rated photo's risk. */
    async refresh(tx: Executor, poleIds: string[]): Promise<void> {
      if (poleIds.length === 0) return;
      await tx.execute(sql`SELECT utility_pole_refresh(${`{${poleIds.join(",")}}`}::uuid[])`);
    },

    /**
     * The owner's poles in one region in the compact marker form, as JSON text. PostgreSQL joins
     * each column into one string and the answer puts them between brackets, so Node does no work
     * per pole: 100k poles as rows, parsed, built into columns and serialized cost about twice the
     * time (measured at 100k poles). Numbers print bare and base64 and digits need no escaping;
     * labels and tags come as JSON strings from PostgreSQL.
     */
    async markersJson(
      workspaceId: string,
      region: { longitude: number; latitude: number },
      at: InspectionDates,
    ): Promise<string> {
      const origin = {
        longitude: Math.round(region.longitude * 1e6),
        latitude: Math.round(region.latitude * 1e6),
      };
      const [c] = await db.transaction(async (tx) => {
        // The one sort under every column holds ~115 bytes a pole: at PostgreSQL's default 4 MB a
        // region of 100k poles spilled it to disk and answered in ~2.5x the time.
        await tx.execute(sql`SET LOCAL work_mem = '${sql.raw(MARKERS_WORK_MEM)}'`);
        return rows<{ count: number } & Record<MarkerColumn, string>>(
          tx,
          poleQueries.markers(workspaceId, region, origin, at),
        );
      });
      if (!c) throw new Error("an aggregate gave no row");
      return `{"format":${POLE_MARKERS_FORMAT},"count":${c.count},"id_bytes":"${c.id_bytes}","origin":{"latitude":${origin.latitude},"longitude":${origin.longitude}},"latitudes":[${c.latitudes}],"longitudes":[${c.longitudes}],"risks":"${c.risks}","counts":[${c.counts}],"labels":[${c.labels}],"tags":[${c.tags}],"overdue":"${c.overdue}","inspections":"${c.inspections}"}`;
    },

    /** One pole, only when it is the caller's. */
    async findOwned(workspaceId: string, id: string, tx: Executor = db): Promise<PoleRecord | null> {
      const [row] = await rows<PoleRecord>(
        tx,
        sql`SELECT ${SUMMARY} FROM utility_poles p ${SUMMARY_JOIN}
            WHERE p.id = ${id}::uuid AND p.workspace_id = ${workspaceId}`,
      );
      return row ?? null;
    },

    /**
     * The pole's photos by capture instant (photos stored before capture times were kept, last),
     * then in list order: its timeline.
     */
    timeline(poleId: string): Promise<ImageRow[]> {
      return rows<ImageRow>(
        db,
        sql`SELECT ${COLUMNS} FROM utility_pole_images img
            WHERE img.pole_id = ${poleId}::uuid
            ORDER BY img.taken_at ASC NULLS LAST, ${listOrder("img")}`,
      );
    },

    /**
     * Sets the given register fields (and label) of the caller's pole as `userId`, when its version
     * is still `expected` (null: whatever it is); false when it is not theirs, gone, or changed since.
     * The check is the UPDATE's own condition, so of two writers holding one version only the first
     * matches. A tag another pole of the workspace has throws PostgreSQL's unique violation.
     */
    async setFields(
      workspaceId: string,
      id: string,
      changes: Partial<Record<PoleColumn, unknown>>,
      change: { userId: string; expected: number | null },
      tx: Executor = db,
    ): Promise<boolean> {
      const sets = Object.entries(changes).map(([column, value]) =>
        column === "attributes"
          ? sql`attributes = ${JSON.stringify(value)}::jsonb`
          : sql`${sql.identifier(column)} = ${value}`,
      );
      const res = await tx.execute(
        sql`UPDATE utility_poles
            SET ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = now(), updated_by = ${change.userId}
            WHERE id = ${id}::uuid AND workspace_id = ${workspaceId}
              AND (${change.expected}::int IS NULL OR version = ${change.expected}::int)`,
      );
      return (res.rowCount ?? 0) > 0;
    },

    /** The distinct attribute names of the workspace's other poles and `names` together. */
    async attributeNamesWith(workspaceId: string, poleId: string, names: string[], tx: Executor = db) {
      const [row] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM (
              SELECT k.name FROM utility_poles p CROSS JOIN LATERAL jsonb_object_keys(p.attributes) AS k(name)
              WHERE p.workspace_id = ${workspaceId} AND p.id <> ${poleId}::uuid AND p.attributes <> '{}'::jsonb
              UNION SELECT unnest(${sql.param(names)}::text[])) s`,
      );
      return row?.n ?? 0;
    },

    /** Counts of the owner's poles per region, by risk and imported (kept by triggers, drizzle/0036). */
    riskByRegion(workspaceId: string): Promise<PoleRiskRow[]> {
      return rows<PoleRiskRow>(
        db,
        sql`SELECT region_lon, region_lat, high, medium, low, unrated, imported
            FROM utility_pole_region_risk WHERE workspace_id = ${workspaceId}`,
      );
    },

    /**
     * The workspace's poles whose label holds `text` (any case), best first: the label equal to
     * it, then starting with it, then the rest by label. The columns searched are a list, so the
     * pole register's `tag` joins by adding `p.tag` to SEARCHED.
     */
    search(workspaceId: string, text: string, limit: number): Promise<PoleSearchRow[]> {
      return rows<PoleSearchRow>(db, poleQueries.search(workspaceId, text, limit));
    },

    /** GET /api/poles?tag=PREFIX: the workspace's poles by tag prefix. */
    byTagPrefix(workspaceId: string, prefix: string, limit: number): Promise<PoleTagHit[]> {
      return rows<PoleTagHit>(db, poleQueries.byTagPrefix(workspaceId, prefix, limit));
    },

    byIds(workspaceId: string, ids: readonly string[]): Promise<PoleTagHit[]> {
      return rows<PoleTagHit>(db, poleQueries.byIds(workspaceId, ids));
    },

    /**
     * Writes the given fields of one photo as `userId` (the caller checked the owner), when its
     * version is still `expected` (null: whatever it is); null when it changed since. The check is
     * the UPDATE's own condition, so of two writers holding one version only the first matches.
     */
    async updateImage(
      tx: Executor,
      id: string,
      changes: ImageChanges,
      change: { userId: string; expected: number | null },
    ): Promise<ImageRow | null> {
      const sets = Object.entries(changes).map(([column, value]) =>
        column === "pole_id" ? sql`pole_id = ${value}::uuid` : sql`${sql.identifier(column)} = ${value}`,
      );
      sets.push(sql`version = img.version + 1, updated_at = now(), updated_by = ${change.userId}`);
      const [row] = await rows<ImageRow>(
        tx,
        sql`UPDATE utility_pole_images img SET ${sql.join(sets, sql`, `)}
            WHERE img.id = ${id}::uuid
              AND (${change.expected}::int IS NULL OR img.version = ${change.expected}::int)
            RETURNING ${COLUMNS}`,
      );
      return row ?? null;
    },
  };
}

export type PolesRepository = ReturnType<typeof createPolesRepository>;
