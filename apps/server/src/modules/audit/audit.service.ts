/** Reading the trail: the active workspace's, owners and admins only; a page, or all as CSV. */
import { Readable } from "node:stream";
import {
  AUDIT_EXPORT_LIMIT,
  AUDIT_PAGE_LIMIT,
  canManage,
  workspaceTexts,
  type AuditEntry,
  type AuditFilter,
  type AuditList,
  type AuditQuery,
} from "@poleatlas/shared";
import { forbidden } from "../../errors";
import { decodeCursor, encodeCursor } from "./audit-cursor";
import type { Actor } from "../workspaces/actor";
import { idsOf } from "./audit-log";
import { auditCsvHeader, auditCsvRow } from "./audit-csv";
import type { AuditRepository, AuditRow } from "./audit.repository";
import { keysetPage } from "../../infra/db/keyset-page";

/** Entries read per query while exporting. */
const EXPORT_CHUNK = 1000;

/**
 * The rows as entries, each with its names: those stored when it was written win; what they
 * lack (entries older than stored names, an id first named later) is looked up as it is now.
 */
export async function namedEntries(
  repository: AuditRepository,
  workspaceId: string,
  rows: AuditRow[],
): Promise<AuditEntry[]> {
  const missing = new Set<string>();
  for (const r of rows) {
    for (const id of idsOf(r.actor_id, r.target_id, r.details)) if (!(id in r.names)) missing.add(id);
  }
  const now = await repository.namesOf(workspaceId, [...missing]);
  return rows.map(({ id: _id, ...entry }) => ({ ...entry, names: { ...now, ...entry.names } }));
}

export function createAuditService(repository: AuditRepository) {
  const mayRead = (actor: Actor) => {
    if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
  };

  return {
    async list(actor: Actor, q: AuditQuery): Promise<AuditList> {
      mayRead(actor);
      const limit = q.limit ?? AUDIT_PAGE_LIMIT;
      const before = q.cursor === undefined ? null : decodeCursor(q.cursor);
      const rows = await repository.page(actor.workspaceId, before, limit + 1, q);
      const { page, next } = keysetPage(rows, limit, (r) => encodeCursor(r.id));
      return {
        entries: await namedEntries(repository, actor.workspaceId, page),
        nextCursor: next,
      };
    },

    /** The filtered trail as CSV, newest first, at most AUDIT_EXPORT_LIMIT entries, read in chunks. */
    export(actor: Actor, f: AuditFilter): Readable {
      mayRead(actor);
      const { workspaceId } = actor;
      async function* lines() {
        yield auditCsvHeader();
        let before: string | null = null;
        for (let sent = 0; sent < AUDIT_EXPORT_LIMIT;) {
          const rows = await repository.page(
            workspaceId,
            before,
            Math.min(EXPORT_CHUNK, AUDIT_EXPORT_LIMIT - sent),
            f,
          );
          if (rows.length === 0) return;
          yield (await namedEntries(repository, workspaceId, rows)).map(auditCsvRow).join("");
          sent += rows.length;
          before = rows.at(-1)!.id;
        }
      }
      return Readable.from(lines());
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
