/** Register files sent to POST /api/poles/import, and the poles they leave, for the import tests. */
import { poleImportResultSchema, poleTimelineSchema } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { multipartBody } from "../helpers/multipart";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";

export function importFile(
  t: TestApp,
  who: SignedInUser,
  bytes: Uint8Array | string,
  filename: string,
  dryRun = false,
  /** Form fields sent before the file (crs, mapping). */
  fields?: Record<string, string>,
) {
  const body = multipartBody(typeof bytes === "string" ? Buffer.from(bytes) : bytes, {
    filename,
    contentType: "application/octet-stream",
    ...(fields && { fields }),
  });
  return t.app.inject({
    method: "POST",
    url: `/api/poles/import${dryRun ? "?dryRun=true" : ""}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, "content-type": body.contentType },
    payload: body.payload,
  });
}

/** Imports and expects a 200; answers the parsed result. */
export async function imported(
  t: TestApp,
  who: SignedInUser,
  bytes: Uint8Array | string,
  filename = "poles.csv",
  dryRun = false,
  fields?: Record<string, string>,
) {
  const res = await importFile(t, who, bytes, filename, dryRun, fields);
  expect(res.statusCode, res.body).toBe(200);
  return poleImportResultSchema.parse(res.json());
}

export interface StoredPoleRow {
  id: string;
  tag: string | null;
  label: string;
  latitude: number;
  longitude: number;
  material: string | null;
  height_m: number | null;
  class: string | null;
  installed_year: number | null;
  circuit: string | null;
  source: string;
  attributes: Record<string, string | number>;
  photo_count: number;
}

/** Every pole of the workspace, by tag then position (straight from the table). */
export async function polesOf(t: TestApp, workspaceId: string): Promise<StoredPoleRow[]> {
  const res = await t.db.database.db.execute(
    sql`SELECT id::text AS id, tag, label, latitude, longitude, material, height_m, class, installed_year,
          circuit, source, attributes, photo_count
        FROM utility_poles WHERE workspace_id = ${workspaceId}
        ORDER BY lower(tag) COLLATE "C" NULLS LAST, latitude, longitude`,
  );
  return res.rows as unknown as StoredPoleRow[];
}

export async function poleRecord(t: TestApp, who: SignedInUser, id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/poles/${id}`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return poleTimelineSchema.parse(res.json());
}

/**
 * Names of Object's own members: as keys of a plain object they find a function or the prototype
 * before any value of a register's. Every reader and the PATCH keep them as plain names.
 */
export const OBJECT_MEMBER_NAMES = [
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
];

/**
 * What a hostile file must get: a 4xx saying what is wrong, a 200 rejecting its row and why, or a
 * 200 storing the pole of `tag` with exactly these attributes.
 */
export type HostileOutcome =
  | { status: number; code?: string; message: RegExp }
  | { rejected: RegExp }
  | { created: number }
  | { stored: { tag: string; attributes: Record<string, string | number> } };

/** A row of a hostile-input table: its name, the file, its name on upload, and what it must get. */
export type HostileCase = [name: string, bytes: Buffer | string, filename: string, outcome: HostileOutcome];

/** Imports the file and checks it got `outcome`, never a 500 (`created` counts updated rows too). */
export async function expectHostileOutcome(
  t: TestApp,
  who: SignedInUser,
  [name, bytes, filename, outcome]: HostileCase,
) {
  const res = await importFile(t, who, bytes, filename);
  expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
  if ("status" in outcome) {
    expect(res.statusCode, `${name}: ${res.body}`).toBe(outcome.status);
    const body = res.json<{ code: string; message: string }>();
    if (outcome.code) expect(body.code, name).toBe(outcome.code);
    expect(body.message, name).toMatch(outcome.message);
    return;
  }
  expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
  const result = poleImportResultSchema.parse(res.json());
  if ("stored" in outcome) {
    expect(result.rejected, name).toEqual([]);
    const pole = (await polesOf(t, who.id)).find((p) => p.tag === outcome.stored.tag);
    expect(pole?.attributes, name).toEqual(outcome.stored.attributes);
    return;
  }
  if ("created" in outcome) {
    expect(result.created + result.updated + result.unchanged, name).toBe(outcome.created);
    expect(result.rejected, name).toEqual([]);
    return;
  }
  expect(
    result.rejected.map((r) => r.reason),
    name,
  ).toContainEqual(expect.stringMatching(outcome.rejected));
}
