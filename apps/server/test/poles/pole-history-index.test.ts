/**
 * A pole's history reads the pole's own entries, not the workspace's whole trail: in a trail of
 * 30k entries about other poles (each way an entry names a pole), the page's query touches a few
 * rows of audit_log, and still finds every entry of this pole; the names its entries carry are
 * read by id, not from every pole of the workspace.
 */
import { auditListSchema } from "@poleatlas/shared";
import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { namesQuery } from "../../src/modules/audit/audit.repository";
import { poleHistoryQuery } from "../../src/modules/audit/pole-history";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { get } from "../workspaces/support";
import { placedPhoto } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);

interface PlanNode {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** Rows of `table` the plan read: those it kept and those its filters threw away. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node["Relation Name"] === table
      ? (node["Actual Rows"] +
          (node["Rows Removed by Filter"] ?? 0) +
          (node["Rows Removed by Index Recheck"] ?? 0)) *
        node["Actual Loops"]
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

async function planOf(query: SQL): Promise<PlanNode> {
  const plan = await t.db.database.db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
  return (plan.rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
}

/** `n` entries naming other poles, in every shape the trail names a pole (as the API writes them). */
const OTHER_POLES = (workspaceId: string, n: number) =>
  sql`INSERT INTO audit_log (workspace_id, actor_id, actor_email, action, target_type, target_id, details)
      SELECT ${workspaceId}, ${workspaceId}, 'someone@example.test', e.action, e.target_type,
             CASE WHEN e.target_type = 'pole' THEN p::text ELSE gen_random_uuid()::text END, e.details
      FROM generate_series(1, ${n}) i
      CROSS JOIN LATERAL (SELECT gen_random_uuid() AS p) pole(p)
      CROSS JOIN LATERAL (VALUES
        ('pole.update', 'pole', '{"before": {"material": null}, "after": {"material": "wood"}}'::jsonb),
        ('visit.record', 'pole', jsonb_build_object('after', jsonb_build_object('pole_id', p))),
        ('finding.create', 'finding', jsonb_build_object('after', jsonb_build_object('poleId', p))),
        ('image.delete', 'image', jsonb_build_object('pole_id', p)),
        ('image.update', 'image', jsonb_build_object('before', jsonb_build_object('pole_id', p),
          'after', jsonb_build_object('pole_id', gen_random_uuid())))
      ) e(action, target_type, details)
      WHERE i % 5 = (CASE e.action WHEN 'pole.update' THEN 0 WHEN 'visit.record' THEN 1
        WHEN 'finding.create' THEN 2 WHEN 'image.delete' THEN 3 ELSE 4 END)`;

describe("a pole's history in a long trail", () => {
  it("reads the pole's own entries through the trail's indexes", async () => {
    const photo = await placedPhoto(t, user.cookie, 46.2, 6.1);
    const poleId = photo.pole_id!;
    const db = t.db.database.db;
    await db.execute(OTHER_POLES(user.id, 30_000));
    await db.execute(sql`ANALYZE audit_log`);

    const res = await get(t, user, `/api/poles/${poleId}/history?limit=20`);
    expect(res.statusCode, res.body).toBe(200);
    // The photo's upload and its placing, none of the others'.
    const entries = auditListSchema.parse(res.json()).entries;
    expect(entries.map((e) => [e.action, e.target_id])).toEqual([
      ["image.update", photo.id],
      ["image.upload", photo.id],
    ]);

    const plan = await planOf(poleHistoryQuery(user.id, poleId, null, 21));
    expect(rowsRead(plan, "audit_log")).toBeLessThan(100);
  });

  it("names the entries' poles and photos by their ids, among many poles", async () => {
    const photo = await placedPhoto(t, user.cookie, 46.4, 6.1);
    const db = t.db.database.db;
    await db.execute(
      sql`INSERT INTO utility_poles (workspace_id, latitude, longitude)
          SELECT ${user.id}, 46 + i * 1e-4, 6 FROM generate_series(1, 20000) i`,
    );
    await db.execute(sql`ANALYZE utility_poles`);
    await db.execute(sql`ANALYZE utility_pole_images`);
    const plan = await planOf(namesQuery(user.id, [user.id, photo.pole_id!, photo.id]));
    expect(rowsRead(plan, "utility_poles")).toBeLessThan(100);
    expect(rowsRead(plan, "utility_pole_images")).toBeLessThan(100);
  });
});
