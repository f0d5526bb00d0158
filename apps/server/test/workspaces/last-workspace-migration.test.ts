/**
 * Migration 0028 on a database with live sessions: a user whose newest session works in a team
 * keeps that team as their last workspace; one whose newest session is in their personal
 * workspace gets no row (personal is the default).
 */
import { describe, expect, it } from "vitest";
import { useDatabaseBefore } from "../helpers/migration-database";

const TAG = "0028_last_workspace";
const db = useDatabaseBefore(TAG);

describe(TAG, () => {
  it("keeps the team of each user's newest session, and nothing for a personal one", async () => {
    for (const id of ["crew", "solo", "back"]) {
      await db.query(`INSERT INTO "user" (id, name, email) VALUES ($1, '', $2)`, [id, `${id}@example.test`]);
    }
    await db.query(
      `INSERT INTO organization (id, name, slug) VALUES ('north', 'North', 'north'), ('south', 'South', 'south')`,
    );
    const session = (id: string, user: string, team: string | null, minutesAgo: number) =>
      db.query(
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
    await db.apply(TAG);
    const rows = await db.query(`SELECT user_id, workspace_id FROM user_last_workspace ORDER BY user_id`);
    expect(rows.rows).toEqual([{ user_id: "crew", workspace_id: "south" }]);
  });
});
