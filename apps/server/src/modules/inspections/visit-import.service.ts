/**
 * POST /api/inspections/import: a history CSV recorded as imported visits, like the register
 * import: owners and admins, a dry run that checks and counts and writes nothing, bad rows listed
 * with their reasons and never stopping the good ones. A visit already on record (same pole, type
 * and day) is `unchanged`, so a re-run adds none. One transaction under the workspace's lock,
 * taken once the file is in (a slow upload holds no lock).
 */
import {
  canManage,
  MAX_LISTED_REJECTIONS,
  visitTexts,
  workspaceTexts,
  type VisitImportResult,
} from "@poleatlas/shared";
import { createReadStream } from "node:fs";
import { sql } from "drizzle-orm";
import { forbidden } from "../../errors";
import type { Db, Executor } from "../../infra/db/database";
import { timeSlices } from "../../infra/limits/time-slices";
import type { AuditLog } from "../audit/audit-log";
import type { Actor } from "../workspaces/actor";
import type { Today } from "./clock";
import type { SettingsService } from "./settings.service";
import { readHistory, type HistoryRow } from "./visit-history";

/** Rows checked and written together: one statement each for their poles, visits and inserts. */
const BATCH_ROWS = 2_000;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

export function createVisitImport(deps: {
  db: Db;
  withLocks: <T>(keys: string[], fn: (tx: Executor) => Promise<T>) => Promise<T>;
  settings: SettingsService;
  audit: AuditLog;
  today: Today;
}) {
  const { db, withLocks, settings, audit, today } = deps;

  /** The rows' poles by tag, and which of their visits are already on record. */
  async function apply(tx: Executor, actor: Actor, good: HistoryRow[], dryRun: boolean) {
    if (good.length === 0) return { created: 0, unchanged: 0, rejected: [] };
    const ws = actor.workspaceId;
    const poles = await rows<{ key: string; id: string }>(
      tx,
      sql`SELECT lower(tag) AS key, id::text AS id FROM utility_poles
          WHERE workspace_id = ${ws} AND tag IS NOT NULL
            AND lower(tag) = ANY(${sql.param([...new Set(good.map((r) => r.tag))])}::text[])`,
    );
    const poleOf = new Map(poles.map((p) => [p.key, p.id]));
    const known = await rows<{ k: string }>(
      tx,
      sql`SELECT pole_id::text || ',' || type || ',' || inspected_on::text AS k FROM utility_pole_visits
          WHERE pole_id = ANY(${sql.param(poles.map((p) => p.id))}::uuid[])`,
    );
    const onRecord = new Set(known.map((r) => r.k));
    const fresh: (HistoryRow & { poleId: string })[] = [];
    const rejected: { row: number; reason: string }[] = [];
    let unchanged = 0;
    for (const r of good) {
      const poleId = poleOf.get(r.tag);
      if (!poleId) rejected.push({ row: r.row, reason: visitTexts.historyUnknownTag(r.tag) });
      else if (onRecord.has(`${poleId},${r.type},${r.inspectedOn}`)) unchanged += 1;
      else fresh.push({ ...r, poleId });
    }
    if (!dryRun && fresh.length > 0) {
      const column = <T>(pick: (r: (typeof fresh)[number]) => T) => sql.param(fresh.map(pick));
      await tx.execute(
        sql`INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, inspector, result, notes, source, created_by)
            SELECT ${ws}, r.pole_id, r.type, r.inspected_on, r.inspector, r.result, r.notes, 'imported', ${actor.userId}
            FROM unnest(${column((r) => r.poleId)}::uuid[], ${column((r) => r.type)}::text[],
              ${column((r) => r.inspectedOn)}::date[], ${column((r) => r.inspector)}::text[],
              ${column((r) => r.result)}::text[], ${column((r) => r.notes)}::text[])
              AS r(pole_id, type, inspected_on, inspector, result, notes)`,
      );
    }
    return { created: fresh.length, unchanged, rejected };
  }

  return {
    /**
     * The file at `file.path` read as it streams, BATCH_ROWS rows at a time: each batch's poles,
     * visits on record and new visits are one statement each, so only a batch is held, and the
     * file's reading lets other requests in between its chunks.
     */
    async run(
      actor: Actor,
      file: { path: string; filename: string },
      dryRun: boolean,
    ): Promise<VisitImportResult> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const types = (await settings.get(actor)).inspectionTypes.map((t) => t.code);
      const rules = { types, today: today() };
      const work = async (tx: Executor) => {
        const totals = { created: 0, unchanged: 0, rejectedCount: 0 };
        const listed: { row: number; reason: string }[] = [];
        // Keys only (tag, type, day): a visit twice in the file is refused wherever it is.
        const seen = new Set<string>();
        let good: HistoryRow[] = [];
        let refused: { row: number; reason: string }[] = [];
        const flush = async () => {
          const done = await apply(tx, actor, good, dryRun);
          totals.created += done.created;
          totals.unchanged += done.unchanged;
          // Batches follow the file, so each batch's refusals in row order keep the list in order.
          const all = [...refused, ...done.rejected].sort((a, b) => a.row - b.row);
          totals.rejectedCount += all.length;
          listed.push(...all.slice(0, Math.max(0, MAX_LISTED_REJECTIONS - listed.length)));
          good = [];
          refused = [];
        };
        // A chunk of the file is ~1,400 rows checked in one go: the checking turns the event loop
        // every slice of time as well, so /api/health answers while a 10 MB history is read.
        const slices = timeSlices();
        for await (const r of readHistory(createReadStream(file.path), rules)) {
          if (slices.due()) await slices.turn();
          const key = "reason" in r ? "" : `${r.tag},${r.type},${r.inspectedOn}`;
          if ("reason" in r) refused.push(r);
          else if (seen.has(key)) refused.push({ row: r.row, reason: visitTexts.historyTwice });
          else {
            seen.add(key);
            good.push(r);
          }
          if (good.length + refused.length >= BATCH_ROWS) await flush();
        }
        await flush();
        if (!dryRun && totals.created > 0) {
          const details = { file: file.filename, created: totals.created, unchanged: totals.unchanged };
          await audit(
            actor,
            { action: "visit.import", targetType: "workspace", targetId: actor.workspaceId, details },
            tx,
          );
        }
        return { ...totals, listed };
      };
      const done = dryRun ? await work(db) : await withLocks([actor.workspaceId], work);
      return {
        created: done.created,
        unchanged: done.unchanged,
        rejected: done.listed,
        rejected_count: done.rejectedCount,
        dry_run: dryRun,
      };
    },
  };
}

export type VisitImport = ReturnType<typeof createVisitImport>;
