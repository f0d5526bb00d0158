/**
 * What a record shows besides the pole and its findings, added to the inspections benches'
 * workspace: visits (every fifth pole one, every fiftieth a second) and the audit trail those and
 * the findings leave, plus a register edit on every tenth pole, written as the API writes them
 * (the same actions, targets and details). Each kind is written in its own pass over the poles,
 * so a pole's entries lie far apart in the trail, as entries made years apart do.
 */
import type pg from "pg";

/** Poles per INSERT of visits: each statement's trigger then rolls up one batch. */
const VISIT_BATCH = 100_000;
/** Entries per INSERT into the trail. */
const AUDIT_BATCH = 100_000;

export interface RecordSeed {
  visits: number;
  auditEntries: number;
}

export async function seedVisitsAndTrail(db: pg.Pool, workspaceId: string): Promise<RecordSeed> {
  const ws = [workspaceId];
  // The poles numbered as the inspections seed labelled them ('P-<n>').
  await db.query(
    `CREATE UNLOGGED TABLE bench_record_poles AS
     SELECT id, substr(label, 3)::int AS n FROM utility_poles WHERE workspace_id = $1`,
    ws,
  );
  await db.query("CREATE INDEX ON bench_record_poles (n)");
  const [{ max }] = (
    await db.query<{ max: number }>("SELECT coalesce(max(n), 0) AS max FROM bench_record_poles")
  ).rows as [{ max: number }];
  for (let from = 0; from <= max; from += VISIT_BATCH) {
    await db.query(
      `INSERT INTO utility_pole_visits
         (workspace_id, pole_id, type, inspected_on, inspector, result, source, created_by)
       SELECT $1, id, (ARRAY['patrol', 'detailed', 'intrusive'])[1 + (n + g) % 3],
              date '2016-01-01' + (n % 3000) + g * 400, 'Crew ' || (n % 40),
              CASE WHEN n % 4 = 0 THEN 'findings' ELSE 'no-defects' END, 'app', $1
       FROM bench_record_poles CROSS JOIN LATERAL generate_series(0, CASE WHEN n % 50 = 0 THEN 1 ELSE 0 END) g
       WHERE n % 5 = 0 AND n >= $2 AND n < $3`,
      [workspaceId, from, from + VISIT_BATCH],
    );
  }
  // The findings' entries, then the visits', then the register edits: each pass in batches.
  const passes = [
    `SELECT 'finding.create' AS action, 'finding' AS target_type, f.id::text AS target_id,
            jsonb_build_object('after', jsonb_build_object('poleId', f.pole_id, 'code', f.code,
              'level', f.level, 'observedOn', f.observed_on)) AS details,
            row_number() OVER (ORDER BY f.id) AS r
     FROM utility_pole_findings f WHERE f.workspace_id = $1`,
    `SELECT 'visit.record' AS action, 'pole' AS target_type, v.pole_id::text AS target_id,
            jsonb_build_object('after', jsonb_build_object('pole_id', v.pole_id, 'type', v.type,
              'inspectedOn', v.inspected_on, 'result', v.result)) AS details,
            row_number() OVER (ORDER BY v.id) AS r
     FROM utility_pole_visits v WHERE v.workspace_id = $1`,
    `SELECT 'pole.update' AS action, 'pole' AS target_type, p.id::text AS target_id,
            '{"before": {"material": null}, "after": {"material": "wood"}}'::jsonb AS details,
            row_number() OVER (ORDER BY p.n) AS r
     FROM bench_record_poles p WHERE p.n % 10 = 0`,
  ];
  for (const pass of passes) {
    await db.query(`CREATE UNLOGGED TABLE bench_record_entries AS ${pass}`, pass.includes("$1") ? ws : []);
    await db.query("CREATE INDEX ON bench_record_entries (r)");
    const [{ n }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM bench_record_entries"))
      .rows as [{ n: number }];
    for (let from = 0; from < n; from += AUDIT_BATCH) {
      await db.query(
        `INSERT INTO audit_log (workspace_id, actor_id, actor_email, action, target_type, target_id, details)
         SELECT $1, $1, 'bench@example.test', action, target_type, target_id, details
         FROM bench_record_entries WHERE r > $2 AND r <= $3 ORDER BY r`,
        [workspaceId, from, from + AUDIT_BATCH],
      );
    }
    await db.query("DROP TABLE bench_record_entries");
  }
  await db.query("DROP TABLE bench_record_poles");
  await db.query("VACUUM ANALYZE utility_pole_visits");
  await db.query("VACUUM ANALYZE audit_log");
  const counted = await db.query<RecordSeed>(
    `SELECT (SELECT count(*)::int FROM utility_pole_visits WHERE workspace_id = $1) AS visits,
            (SELECT count(*)::int FROM audit_log WHERE workspace_id = $1) AS "auditEntries"`,
    ws,
  );
  return counted.rows[0]!;
}
