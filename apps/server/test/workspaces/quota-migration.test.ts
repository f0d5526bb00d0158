/**
 * Migration 0010 on a database as the per-user quotas left it: a quota an instance administrator
 * set becomes the user's personal workspace quota, one a team's owner or admin set becomes the
 * member's cap in that team (never a personal quota), and usage is counted per workspace.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useDatabaseBefore } from "../helpers/migration-database";

const MB = 1024 * 1024;
const db = useDatabaseBefore("0010");

describe("0010_workspace_quotas", () => {
  it("keeps operators' quotas as personal ones, turns team admins' into caps, counts per workspace", async () => {
    const users = ["root", "raised", "capped", "gone", "direct", "plain"];
    for (const id of users) {
      await db.query(`INSERT INTO "user" (id, name, email, email_verified) VALUES ($1, '', $2, true)`, [
        id,
        `${id}@example.test`,
      ]);
    }
    await db.query(`INSERT INTO organization (id, name, slug) VALUES ('team', 'Crew', 'crew')`);
    for (const [id, user, role] of [
      ["m1", "root", "owner"],
      ["m2", "capped", "member"],
    ]) {
      await db.query(`INSERT INTO member (id, organization_id, user_id, role) VALUES ($1, 'team', $2, $3)`, [
        id,
        user,
        role,
      ]);
    }
    const quotas: [string, number][] = [
      ["raised", 200 * MB], // by an instance administrator, from their personal workspace
      ["capped", 1], // by the team's owner, with the team active
      ["gone", 1024 ** 4], // by a team's owner, for someone who has left that team since
      ["direct", 75 * MB], // in the database by an operator: no audit entry
    ];
    for (const [id, bytes] of quotas) {
      await db.query(`UPDATE "user" SET quota_bytes = $2 WHERE id = $1`, [id, bytes]);
    }
    const audit = (workspace: string, target: string) =>
      db.query(
        `INSERT INTO audit_log (workspace_id, actor_id, actor_email, action, target_type, target_id)
         VALUES ($1, 'root', 'root@example.test', 'quota.set', 'user', $2)`,
        [workspace, target],
      );
    await audit("root", "raised");
    await audit("team", "capped");
    await audit("team", "gone");
    const photo = (user: string, workspace: string, bytes: number) =>
      db.query(
        `INSERT INTO utility_pole_images (user_id, workspace_id, storage_key, thumbnail_key, name, file_size, metadata)
         VALUES ($1, $2, $3 || '.jpg', $3 || '.webp', 'p.jpg', $4, '{}'::jsonb)`,
        [user, workspace, randomUUID(), bytes],
      );
    await photo("raised", "raised", 3 * MB);
    await photo("capped", "team", 2 * MB);
    await photo("capped", "capped", MB);
    await photo("root", "team", 4 * MB);

    await db.apply("0010_workspace_quotas");

    const rows = async (q: string) => (await db.query(q)).rows;
    expect(
      await rows(`SELECT workspace_id, quota_bytes::float8 AS q FROM workspace_quotas ORDER BY 1`),
    ).toEqual([
      { workspace_id: "direct", q: 75 * MB },
      { workspace_id: "raised", q: 200 * MB },
    ]);
    expect(
      await rows(`SELECT organization_id, user_id, cap_bytes::float8 AS c FROM team_member_caps`),
    ).toEqual([{ organization_id: "team", user_id: "capped", c: 1 }]);
    expect(
      await rows(
        `SELECT workspace_id, user_id, used_bytes::float8 AS b FROM utility_pole_workspace_usage ORDER BY 1, 2`,
      ),
    ).toEqual([
      { workspace_id: "capped", user_id: "capped", b: MB },
      { workspace_id: "raised", user_id: "raised", b: 3 * MB },
      { workspace_id: "team", user_id: "capped", b: 2 * MB },
      { workspace_id: "team", user_id: "root", b: 4 * MB },
    ]);
    expect(
      await rows(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'user' AND column_name = 'quota_bytes'`,
      ),
    ).toEqual([]);

    // The triggers keep it from here: a delete and a move between workspaces.
    await db.query(`DELETE FROM utility_pole_images WHERE user_id = 'root'`);
    await db.query(`UPDATE utility_pole_images SET workspace_id = 'team' WHERE workspace_id = 'capped'`);
    expect(
      await rows(
        `SELECT workspace_id, user_id, used_bytes::float8 AS b FROM utility_pole_workspace_usage WHERE used_bytes > 0 ORDER BY 1, 2`,
      ),
    ).toEqual([
      { workspace_id: "raised", user_id: "raised", b: 3 * MB },
      { workspace_id: "team", user_id: "capped", b: 3 * MB },
    ]);
    // A cap goes with the membership.
    await db.query(`DELETE FROM member WHERE user_id = 'capped'`);
    expect(await rows(`SELECT 1 FROM team_member_caps`)).toEqual([]);
  });
});
