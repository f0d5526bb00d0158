/**
 * The register import's SQL: one batch of checked rows applied inside the caller's transaction
 * (which holds the workspace's lock). A batch of tagged rows is two statements whatever its size:
 * one that creates the poles of new tags and answers the known ones, one that updates the changed.
 * New poles travel as one typed array per column, zipped by unnest (a 5,000-row batch took 400 ms
 * as one JSON parameter read by jsonb_to_recordset, a third of it parsing the JSON); updates, rarer,
 * as one JSON parameter.
 */
import { sql } from "drizzle-orm";
import type { PoleAttributes } from "@poleatlas/shared";
import type { Executor } from "../../../infra/db/database";
import type { PoleInput } from "./pole-input";
import { bareArray, numberArray, textArray } from "./array-literals";
import { timeOrderedIds } from "./time-ordered-ids";

/** The workspace's places a suggestion of systems looks at: enough for a region's spread. */
const MAX_PLACES = 1000;

/**
 * The batch's last inspections as imported visits on the poles of their tags, each once: a visit
 * of that type on that day already on the pole is not added again (a re-run adds none). Dry:
 * counts what would be added (a pole the batch would create has none yet).
 */
export async function importVisits(
  tx: Executor,
  workspaceId: string,
  userId: string,
  rows: PoleInput[],
  dryRun: boolean,
): Promise<number> {
  const withVisit = rows.filter((r) => r.visit !== null && r.tag !== null);
  if (withVisit.length === 0) return 0;
  const rowsSql = sql`FROM unnest(${sql.param(withVisit.map((r) => r.tag!.toLowerCase()))}::text[],
      ${sql.param(withVisit.map((r) => r.visit!.type))}::text[],
      ${sql.param(withVisit.map((r) => r.visit!.inspectedOn))}::date[]) AS r(tag, type, inspected_on)
    LEFT JOIN utility_poles p ON p.workspace_id = ${workspaceId} AND lower(p.tag) = r.tag
    WHERE p.id IS NULL OR NOT EXISTS (SELECT 1 FROM utility_pole_visits v
      WHERE v.pole_id = p.id AND v.type = r.type AND v.inspected_on = r.inspected_on)`;
  const query = dryRun
    ? sql`SELECT count(*)::int AS n ${rowsSql}`
    : sql`WITH added AS (
        INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, source, created_by)
        SELECT ${workspaceId}, p.id, r.type, r.inspected_on, 'imported', ${userId} ${rowsSql} AND p.id IS NOT NULL
        RETURNING 1)
      SELECT count(*)::int AS n FROM added`;
  const [row] = (await tx.execute(query)).rows as { n: number }[];
  return row?.n ?? 0;
}

/** A pole as stored, in the form an input row is compared with. */
export interface StoredPole {
  id: string;
  key: string | null;
  label: string;
  latitude: number;
  longitude: number;
  material: string | null;
  height_m: number | null;
  class: string | null;
  installed_year: number | null;
  circuit: string | null;
  attributes: PoleAttributes;
  source: string;
}

const STORED = sql.raw(`p.id::text AS id, lower(p.tag) AS key, p.label, p.latitude, p.longitude, p.material,
  p.height_m, p.class, p.installed_year, p.circuit, p.attributes, p.source`);

const RECORD = sql.raw(`r(id uuid, tag text, label text, latitude float8, longitude float8, material text,
  height_m float8, class text, installed_year int, circuit text, attributes jsonb)`);

type Write = Omit<PoleInput, "row" | "label" | "present" | "emptied"> & { id?: string; label: string | null };
/**
 * A new pole as the checked row itself (an undefined label is stored empty): a copy of each row
 * for the statement was a third of what a million-row import left for the full collections.
 */
type NewPole = Omit<PoleInput, "row" | "label" | "present" | "emptied"> & { label?: string | null };

const INSERTED = sql.raw(`workspace_id, source, tag, label, latitude, longitude, material, height_m, class,
  installed_year, circuit, attributes, position_source`);

/**
 * New poles' ids and columns (INSERTED's order) from one typed array per field, zipped by unnest.
 * Their ids are time-ordered, each after the one before (time-ordered-ids.ts): a million random
 * ids scatter their inserts over the whole primary key, and once it outgrows the database's
 * buffers each batch rewrites pages all over it; ordered ids go to its end.
 */
function newPoles(workspaceId: string, poles: NewPole[]) {
  const texts = (pick: (w: NewPole) => string | null) => sql.param(textArray(poles.map(pick)));
  const numbers = (pick: (w: NewPole) => number | null) => sql.param(numberArray(poles.map(pick)));
  return sql`r.id, ${workspaceId}::text, 'import', r.tag, coalesce(r.label, ''), r.latitude, r.longitude, r.material,
      r.height_m, r.class, r.installed_year, r.circuit, coalesce(r.attributes, '{}'::jsonb), 'import'
    FROM unnest(${sql.param(bareArray(timeOrderedIds(poles.length)))}::uuid[],
      ${texts((w) => w.tag)}::text[], ${texts((w) => w.label ?? null)}::text[],
      ${numbers((w) => w.latitude)}::float8[], ${numbers((w) => w.longitude)}::float8[],
      ${texts((w) => w.material)}::text[], ${numbers((w) => w.height_m)}::float8[],
      ${texts((w) => w.class)}::text[], ${numbers((w) => w.installed_year)}::int[],
      ${texts((w) => w.circuit)}::text[], ${texts((w) => JSON.stringify(w.attributes))}::jsonb[])
      AS r(id, tag, label, latitude, longitude, material, height_m, class, installed_year, circuit, attributes)`;
}

/**
 * The workspace's poles with these tags (lower-cased), each found by its own look-up in the tag
 * index. As `lower(tag) = ANY(keys)` the planner read the workspace's every pole whenever its
 * statistics were older than the import (a workspace that was small at the last ANALYZE and is
 * being filled): each batch then read all the rows the batches before it wrote. The LIMIT keeps
 * each look-up apart, so the only plan is the unique index's.
 */
export function knownTags(workspaceId: string, keys: string[]) {
  return sql`SELECT ${STORED} FROM unnest(${sql.param(textArray(keys))}::text[]) AS k(key)
    CROSS JOIN LATERAL (
      SELECT * FROM utility_poles p
      WHERE p.workspace_id = ${workspaceId} AND p.tag IS NOT NULL AND lower(p.tag) = k.key
      LIMIT 1
    ) p`;
}

/**
 * Poles a row without a tag may find at its position: more than one when a register has several
 * rows at one spot (a double pole given one position), each row then finding its own.
 */
const CANDIDATES = 16;

async function rows<T>(tx: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

export const importRepository = {
  /** The workspace's poles with these tags (lower-cased). */
  byTags(tx: Executor, workspaceId: string, keys: string[]): Promise<StoredPole[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return rows<StoredPole>(tx, knownTags(workspaceId, keys));
  },

  /**
   * For each position (in order), the poles an import wrote before `before` within `radius`
   * metres, nearest first (at most CANDIDATES): one statement for a batch's rows without a tag.
   */
  async importedAt(
    tx: Executor,
    workspaceId: string,
    points: { latitude: number; longitude: number }[],
    radius: number,
    before: string,
  ): Promise<StoredPole[][]> {
    if (points.length === 0) return [];
    const band = radius / 111194.9 + 1e-9;
    const found = await rows<StoredPole & { i: number }>(
      tx,
      sql`SELECT q.i::int AS i, n.* FROM unnest(${sql.param(points.map((p) => p.latitude))}::float8[],
            ${sql.param(points.map((p) => p.longitude))}::float8[]) WITH ORDINALITY AS q(lat, lon, i)
          CROSS JOIN LATERAL (
            SELECT ${STORED} FROM utility_poles p
            WHERE p.workspace_id = ${workspaceId}
              AND p.latitude BETWEEN q.lat - ${band}::float8 AND q.lat + ${band}::float8
              AND p.source = 'import' AND p.created_at < ${before}::timestamptz
              AND utility_pole_distance(p.latitude, p.longitude, q.lat, q.lon) <= ${radius}::float8
            ORDER BY utility_pole_distance(p.latitude, p.longitude, q.lat, q.lon), p.created_at, p.id
            LIMIT ${CANDIDATES}
          ) n
          ORDER BY q.i, utility_pole_distance(n.latitude, n.longitude, q.lat, q.lon), n.id`,
    );
    const answer: StoredPole[][] = points.map(() => []);
    for (const { i, ...pole } of found) answer[i - 1]!.push(pole);
    return answer;
  },

  /**
   * Where the workspace already has poles or photos: the centres of its regions (0.1° cells, from
   * the summaries the triggers keep), at most MAX_PLACES of them.
   */
  async places(tx: Executor, workspaceId: string): Promise<[number, number][]> {
    const found = await rows<{ lon: number; lat: number }>(
      tx,
      sql`SELECT region_lon AS lon, region_lat AS lat FROM utility_pole_region_risk WHERE workspace_id = ${workspaceId}
          UNION SELECT region_lon, region_lat FROM utility_pole_regions WHERE workspace_id = ${workspaceId}
          LIMIT ${MAX_PLACES}`,
    );
    return found.map((r) => [r.lon, r.lat]);
  },

  /** The attribute names the workspace's poles carry (MAX_WORKSPACE_ATTRIBUTE_NAMES at most). */
  async attributeNames(tx: Executor, workspaceId: string): Promise<string[]> {
    const found = await rows<{ name: string }>(
      tx,
      sql`SELECT DISTINCT k.name FROM utility_poles p CROSS JOIN LATERAL jsonb_object_keys(p.attributes) AS k(name)
          WHERE p.workspace_id = ${workspaceId} AND p.attributes <> '{}'::jsonb`,
    );
    return found.map((r) => r.name);
  },

  /** The database's clock now: when an import begins. */
  async now(tx: Executor): Promise<string> {
    const [row] = await rows<{ now: string }>(tx, sql`SELECT clock_timestamp()::text AS now`);
    return row!.now;
  },

  /** New imported poles, one statement. */
  async insert(tx: Executor, workspaceId: string, poles: NewPole[]): Promise<void> {
    if (poles.length === 0) return;
    await tx.execute(sql`INSERT INTO utility_poles (id, ${INSERTED}) SELECT ${newPoles(workspaceId, poles)}`);
  },

  /**
   * Tagged rows in one statement: creates a pole for each tag the workspace lacks and answers the
   * stored poles of the others (to compare and update), so a batch of new poles is one round trip.
   * (The tags travel twice: in the rows and as the keys knownTags looks up one by one.)
   */
  insertUnknownTags(tx: Executor, workspaceId: string, poles: NewPole[]): Promise<StoredPole[]> {
    if (poles.length === 0) return Promise.resolve([]);
    return rows<StoredPole>(
      tx,
      sql`WITH r (id, ${INSERTED}) AS (SELECT ${newPoles(workspaceId, poles)}),
          known AS (${knownTags(
            workspaceId,
            poles.map((w) => w.tag!.toLowerCase()),
          )}),
          created AS (
            INSERT INTO utility_poles (id, ${INSERTED})
            SELECT r.* FROM r WHERE lower(r.tag) NOT IN (SELECT k.key FROM known k)
          )
          SELECT * FROM known`,
    );
  },

  /**
   * Existing poles take the rows' fields and position (a null label keeps theirs); one statement.
   * A position the register moves is the import's; one it leaves keeps its source. Each is a new version by `userId`, so a teammate's edit of the old one is told it changed.
   */
  async update(
    tx: Executor,
    workspaceId: string,
    poles: (Write & { id: string })[],
    userId: string,
  ): Promise<void> {
    if (poles.length === 0) return;
    await tx.execute(
      sql`UPDATE utility_poles p SET source = 'import', tag = coalesce(r.tag, p.tag), label = coalesce(r.label, p.label),
            latitude = r.latitude, longitude = r.longitude,
            position_source = CASE WHEN (p.latitude, p.longitude) = (r.latitude, r.longitude) THEN p.position_source ELSE 'import' END,
            material = r.material, height_m = r.height_m,
            class = r.class, installed_year = r.installed_year, circuit = r.circuit,
            attributes = coalesce(r.attributes, '{}'::jsonb),
            version = p.version + 1, updated_at = now(), updated_by = ${userId}
          FROM jsonb_to_recordset(${JSON.stringify(poles)}::jsonb) AS ${RECORD}
          WHERE p.id = r.id AND p.workspace_id = ${workspaceId}`,
    );
  },
};
