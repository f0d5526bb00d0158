/**
 * One pole's history (GET /api/poles/:id/history): the trail's entries about the pole, its
 * photos (also those deleted or moved away, by the pole their details name), its findings and
 * its visits, newest first. Every role that sees the pole reads it, viewers too: unlike the
 * whole trail it tells nothing about the team's people beyond the names on this pole's entries.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type SQL } from "drizzle-orm";
import {
  AUDIT_PAGE_LIMIT,
  auditListSchema,
  messages,
  poleHistoryQuerySchema,
  poleIdParamsSchema,
  type AuditList,
  type PoleHistoryQuery,
} from "@poleatlas/shared";
import type { Db } from "../../infra/db/database";
import { notFound } from "../../errors";
import type { Actor, RequireActor } from "../workspaces/actor";
import { decodeCursor, encodeCursor } from "./audit-cursor";
import type { AuditRepository, AuditRow } from "./audit.repository";
import { namedEntries } from "./audit.service";
import { keysetPage } from "../../infra/db/keyset-page";

/**
 * The ids of the trail's entries about the pole, each way of naming it a search of its own that
 * an index answers (drizzle/0029): a photo's entries by the photos on the pole now, and all of a
 * photo deleted from it (its deletion names the pole); a move away or onto it by the pole named
 * before and after. Findings and visits by their own table's pole, or by the pole their details
 * name ('after', as written). An OR of all of these walked the workspace's whole trail for a pole
 * with few entries (1.7 s at 520k entries). The photos' and findings' ids are collected first
 * (ANY(ARRAY(…))), so the trail is searched by them, never the workspace's photo entries by the pole.
 */
function poleEntryIds(workspaceId: string, poleId: string) {
  const inTrail = sql`SELECT id FROM audit_log WHERE workspace_id = ${workspaceId}`;
  const named = (path: SQL) => sql`${inTrail} AND ${path} = ${poleId}`;
  return sql`${inTrail} AND target_type = 'pole' AND target_id = ${poleId}
    UNION ALL
    ${inTrail} AND target_type = 'image' AND target_id = ANY(ARRAY(
      SELECT id::text FROM utility_pole_images
      WHERE workspace_id = ${workspaceId} AND pole_id = ${poleId}::uuid
      UNION ALL
      SELECT target_id FROM audit_log
      WHERE workspace_id = ${workspaceId} AND action = 'image.delete' AND details->>'pole_id' = ${poleId}))
    UNION ALL
    ${inTrail} AND target_type = 'finding' AND target_id = ANY(ARRAY(
      SELECT id::text FROM utility_pole_findings
      WHERE workspace_id = ${workspaceId} AND pole_id = ${poleId}::uuid))
    UNION ALL ${named(sql`details->>'pole_id'`)}
    UNION ALL ${named(sql`details->'before'->>'pole_id'`)}
    UNION ALL ${named(sql`details->'after'->>'pole_id'`)}
    UNION ALL ${named(sql`details->'after'->>'poleId'`)}`;
}

/** The page's SQL: the pole's entries older than `beforeId`, newest first, at most `limit`. */
export function poleHistoryQuery(
  workspaceId: string,
  poleId: string,
  beforeId: string | null,
  limit: number,
) {
  const before = beforeId === null ? sql`` : sql`WHERE id < ${beforeId}::bigint`;
  // The ids first (a pole has few), then only the page's rows are read.
  return sql`SELECT a.id::text AS id,
          to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
          a.actor_id, a.actor_email, a.action, a.target_type, a.target_id, a.details, a.names
      FROM (SELECT DISTINCT id FROM (${poleEntryIds(workspaceId, poleId)}) hit ${before}
            ORDER BY id DESC LIMIT ${limit}) page
      JOIN audit_log a ON a.id = page.id
      ORDER BY a.id DESC`;
}

/** The pole's entries older than `beforeId`, at most `limit`; null when the pole is not the workspace's. */
async function poleRows(
  db: Db,
  workspaceId: string,
  poleId: string,
  beforeId: string | null,
  limit: number,
): Promise<AuditRow[] | null> {
  const pole = await db.execute(
    sql`SELECT 1 FROM utility_poles WHERE workspace_id = ${workspaceId} AND id = ${poleId}::uuid`,
  );
  if (pole.rows.length === 0) return null;
  return db.transaction(async (tx) => {
    // The planner has no statistics for the partial indexes' expressions and guesses hundreds of
    // rows a search, enough to start parallel workers: under load their start-up was most of the
    // answer (~30 ms) for a query that reads a few dozen index entries.
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    const res = await tx.execute(poleHistoryQuery(workspaceId, poleId, beforeId, limit));
    return res.rows as unknown as AuditRow[];
  });
}

export function createPoleHistory(db: Db, repository: AuditRepository) {
  return async (actor: Actor, poleId: string, q: PoleHistoryQuery): Promise<AuditList> => {
    const limit = q.limit ?? AUDIT_PAGE_LIMIT;
    const before = q.cursor === undefined ? null : decodeCursor(q.cursor);
    const rows = await poleRows(db, actor.workspaceId, poleId, before, limit + 1);
    // Another workspace's pole is as missing as one that never was.
    if (rows === null) throw notFound(messages.poleNotFound);
    const { page, next } = keysetPage(rows, limit, (r) => encodeCursor(r.id));
    return {
      entries: await namedEntries(repository, actor.workspaceId, page),
      nextCursor: next,
    };
  };
}

export function poleHistoryRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; history: ReturnType<typeof createPoleHistory> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/poles/:id/history",
    {
      schema: {
        params: poleIdParamsSchema,
        querystring: poleHistoryQuerySchema,
        response: { 200: auditListSchema },
      },
    },
    async (req) => deps.history(await deps.requireActor(req), req.params.id, req.query),
  );
}
