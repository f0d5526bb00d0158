/**
 * A bulk change of many findings at once, written in a few statements: each finding still gets
 * its version, its own audit entry with its names, its extension row, and each pole its live
 * event (several events when more poles change than one event names); another workspace's id
 * refuses the whole change. The findings are seeded in SQL, one a pole.
 */
import { EVENT_MAX_IDS } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { send } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const MANY = EVENT_MAX_IDS + 12;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.database.db.execute(q)).rows as T[];
}

/** `n` open Level 2 findings of `workspace`, one on each of `n` new poles: their ids. */
async function seeded(workspace: string, n: number): Promise<{ id: string; pole_id: string }[]> {
  return query(
    sql`WITH p AS (
          INSERT INTO utility_poles (workspace_id, latitude, longitude, label)
          SELECT ${workspace}, 50 + i * 0.001, 8, 'B-' || i FROM generate_series(1, ${n}::int) AS i
          RETURNING id)
        INSERT INTO utility_pole_findings (workspace_id, pole_id, code, level, observed_on, due_on, created_by)
        SELECT ${workspace}, id, 'lean', 2, date '2026-05-01', date '2026-07-01', ${workspace} FROM p
        RETURNING id::text AS id, pole_id::text AS pole_id`,
  );
}

describe("a bulk change of many findings", () => {
  it("versions, audits, extends and announces each finding and pole", async () => {
    const findings = await seeded(owner.id, MANY);
    // One id as a client may write it: upper case.
    const ids = findings.map((f, i) => (i === 0 ? f.id.toUpperCase() : f.id));
    const [before] = await query<{ id: string }>(
      sql`SELECT coalesce(max(id), 0)::text AS id FROM workspace_events`,
    );
    const lastEvent = before!.id;
    const assign = await send(t, owner.cookie, "POST", "/api/findings/bulk", {
      ids,
      patch: { assignee_id: owner.id, work_order: "WO-9" },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const extend = await send(t, owner.cookie, "POST", "/api/findings/bulk", {
      ids,
      patch: { due_on: "2026-09-01", extension_reason: "Road closed" },
    });
    expect(extend.statusCode, extend.body).toBe(200);

    const rows = await query<{
      id: string;
      version: number;
      assignee_id: string;
      work_status: string;
      due_on: string;
    }>(
      sql`SELECT id::text AS id, version, assignee_id, work_status, due_on::text AS due_on
          FROM utility_pole_findings WHERE workspace_id = ${owner.id}`,
    );
    expect(rows).toHaveLength(MANY);
    for (const r of rows) {
      expect(r).toMatchObject({
        version: 3,
        assignee_id: owner.id,
        work_status: "assigned",
        due_on: "2026-09-01",
      });
    }
    const extensions = await query<{ finding_id: string; from_due_on: string; reason: string }>(
      sql`SELECT finding_id::text AS finding_id, from_due_on::text AS from_due_on, reason
          FROM utility_pole_finding_extensions WHERE workspace_id = ${owner.id}`,
    );
    expect(extensions.map((e) => e.finding_id).sort()).toEqual(findings.map((f) => f.id).sort());
    expect(extensions.every((e) => e.from_due_on === "2026-07-01" && e.reason === "Road closed")).toBe(true);

    const audit = await query<{
      action: string;
      target_id: string;
      details: Record<string, unknown>;
      names: Record<string, { kind: string }>;
    }>(
      sql`SELECT action, target_id, details, names FROM audit_log
          WHERE workspace_id = ${owner.id} AND target_type = 'finding' ORDER BY id`,
    );
    // Per finding, as if each were patched alone: the assignment, then the extension.
    expect(audit.filter((a) => a.action === "finding.assign")).toHaveLength(MANY);
    expect(audit.filter((a) => a.action === "finding.extend")).toHaveLength(MANY);
    for (const a of audit) {
      expect(a.names[a.target_id]?.kind).toBe("finding");
      expect(Object.keys(a.names).every((id) => id === a.target_id || id === owner.id)).toBe(true);
    }
    expect(audit[0]!.details).toMatchObject({
      before: { assignee_id: null, work_order: null, work_status: "open" },
      after: { assignee_id: owner.id, work_order: "WO-9", work_status: "assigned" },
    });

    const events = await query<{ type: string; pole_ids: string[] }>(
      sql`SELECT type, pole_ids FROM workspace_events WHERE id > ${lastEvent}::bigint AND workspace_id = ${owner.id}`,
    );
    for (const e of events) expect(e.pole_ids.length).toBeLessThanOrEqual(EVENT_MAX_IDS);
    const announced = new Set(events.filter((e) => e.type === "pole.updated").flatMap((e) => e.pole_ids));
    expect([...announced].sort()).toEqual(findings.map((f) => f.pole_id).sort());
  });

  it("changes none when one id is another workspace's", async () => {
    const mine = await seeded(owner.id, 3);
    const theirs = await seeded(stranger.id, 1);
    const res = await send(t, owner.cookie, "POST", "/api/findings/bulk", {
      ids: [...mine.map((f) => f.id), theirs[0]!.id],
      patch: { work_order: "WO-X" },
    });
    expect(res.statusCode, res.body).toBe(404);
    const changed = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM utility_pole_findings WHERE work_order = 'WO-X'`,
    );
    expect(changed[0]!.n).toBe(0);
  });
});
