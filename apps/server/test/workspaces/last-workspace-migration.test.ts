/**
 * Migration 0028 on a database with live sessions: a user whose newest session works in a team
 * keeps that team as their last workspace; one whose newest session is in their personal
 * workspace gets no row (personal is the default).
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";

const DRIZZLE = path.resolve(__dirname, "../../drizzle");
const TAG = "0028_last_workspace";
let admin: pg.Client;
let client: pg.Client;
const name = `test_${randomUUID().replaceAll("-", "")}`;

async function apply(tag: string) {
  const text = await readFile(path.join(DRIZZLE, `${tag}.sql`), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await client.query(statement);
  }
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(inject("adminDatabaseUrl"));
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const journal = JSON.parse(await readFile(path.join(DRIZZLE, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  for (const { tag } of journal.entries) {
    if (tag === TAG) break;
    await apply(tag);
  }
});

afterAll(async () => {
  await client?.end();
  await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin?.end();
});

describe(TAG, () => {
  it("keeps the team of each user's newest session, and nothing for a personal one", async () => {
    for (const id of ["crew", "solo", "back"]) {
      await client.query(`INSERT INTO "user" (id, name, email) VALUES ($1, '', $2)`, [
        id,
        `${id}@example.test`,
      ]);
    }
    await client.query(
      `INSERT INTO organization (id, name, slug) VALUES ('north', 'North', 'north'), ('south', 'South', 'south')`,
    );
    const session = (id: string, user: string, team: string | null, minutesAgo: number) =>
      client.query(
        `INSERT INTO session (id, token, user_id, active_organization_id, expires_at, updated_at)
         VALUES ($1, $1, $2, $3, now() + interval '1 day', now() - make_interval(mins => $4))`,
        [id, user, team, minutesAgo],
      );
    await session("s1", "crew", "north", 60);
    await session("s2", "crew", "south", 5);
    await session("s3", "crew", null, 30);
    await session("s4", "solo", null, 1);
    await session("s5", "back", "north", 20);
    await session("s6", "back", null, 2);
    await apply(TAG);
    const rows = await client.query(`SELECT user_id, workspace_id FROM user_last_workspace ORDER BY user_id`);
    expect(rows.rows).toEqual([{ user_id: "crew", workspace_id: "south" }]);
  });
});
