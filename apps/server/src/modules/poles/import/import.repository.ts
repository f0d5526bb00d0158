/**
 * The register import's SQL: one batch of checked rows applied inside the caller's transaction
 * (which holds the workspace's lock). Rows travel as one JSON parameter, unpacked by
 * jsonb_to_recordset, so a batch of thousands is three statements whatever its size.
 */
import { sql } from "drizzle-orm";
import type { PoleAttributes } from "@poleatlas/shared";
import type { Executor } from "../../images/images.repository";
import type { PoleInput } from "./pole-input";

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

type Write = Omit<PoleInput, "row" | "label"> & { id?: string; label: string | null };

async function rows<T>(tx: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

export const importRepository = {
  /** The workspace's poles with these tags (lower-cased). */
  byTags(tx: Executor, workspaceId: string, keys: string[]): Promise<StoredPole[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return rows<StoredPole>(
      tx,
      sql`SELECT ${STORED} FROM utility_poles p
          WHERE p.workspace_id = ${workspaceId} AND p.tag IS NOT NULL
            AND lower(p.tag) IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
    );
  },

  /** The nearest pole within `radius` metres (the pole rule's search, utility_pole_assign). */
  async nearest(
    tx: Executor,
    workspaceId: string,
    latitude: number,
    longitude: number,
    radius: number,
  ): Promise<StoredPole | null> {
    const band = radius / 111194.9 + 1e-9;
    const [found] = await rows<StoredPole>(
      tx,
      sql`SELECT ${STORED} FROM utility_poles p
          WHERE p.workspace_id = ${workspaceId}
            AND p.latitude BETWEEN ${latitude}::float8 - ${band}::float8 AND ${latitude}::float8 + ${band}::float8
            AND utility_pole_distance(p.latitude, p.longitude, ${latitude}::float8, ${longitude}::float8) <= ${radius}::float8
          ORDER BY utility_pole_distance(p.latitude, p.longitude, ${latitude}::float8, ${longitude}::float8),
            p.created_at, p.id
          LIMIT 1`,
    );
    return found ?? null;
  },

  /** New imported poles, one statement; answers their ids in input order. */
  async insert(tx: Executor, workspaceId: string, poles: Write[]): Promise<string[]> {
    if (poles.length === 0) return [];
    const created = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO utility_poles (workspace_id, source, tag, label, latitude, longitude, material, height_m,
            class, installed_year, circuit, attributes)
          SELECT ${workspaceId}, 'import', r.tag, coalesce(r.label, ''), r.latitude, r.longitude, r.material,
            r.height_m, r.class, r.installed_year, r.circuit, coalesce(r.attributes, '{}'::jsonb)
          FROM jsonb_to_recordset(${JSON.stringify(poles)}::jsonb) AS ${RECORD}
          RETURNING id::text AS id`,
    );
    return created.map((r) => r.id);
  },

  /** Existing poles take the rows' fields and position (a null label keeps theirs); one statement. */
  async update(tx: Executor, workspaceId: string, poles: (Write & { id: string })[]): Promise<void> {
    if (poles.length === 0) return;
    await tx.execute(
      sql`UPDATE utility_poles p SET source = 'import', tag = coalesce(r.tag, p.tag), label = coalesce(r.label, p.label),
            latitude = r.latitude, longitude = r.longitude, material = r.material, height_m = r.height_m,
            class = r.class, installed_year = r.installed_year, circuit = r.circuit,
            attributes = coalesce(r.attributes, '{}'::jsonb)
          FROM jsonb_to_recordset(${JSON.stringify(poles)}::jsonb) AS ${RECORD}
          WHERE p.id = r.id AND p.workspace_id = ${workspaceId}`,
    );
  },
};
