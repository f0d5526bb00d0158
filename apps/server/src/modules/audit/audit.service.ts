/** Reading the trail: the active workspace's, owners and admins only; a page, or all as CSV. */
import { Readable } from "node:stream";
import {
  AUDIT_EXPORT_LIMIT,
  AUDIT_PAGE_LIMIT,
  canManage,
  messages,
  workspaceTexts,
  type AuditEntry,
  type AuditFilter,
  type AuditList,
  type AuditQuery,
} from "@poleatlas/shared";
import { badRequest, forbidden } from "../../errors";
import type { Actor } from "../workspaces/actor";
import { idsOf } from "./audit-log";
import { auditCsvHeader, auditCsvRow } from "./audit-csv";
import type { AuditRepository, AuditRow } from "./audit.repository";

const MAX_BIGINT = 2n ** 63n - 1n;
/** Entries read per query while exporting. */
const EXPORT_CHUNK = 1000;

const encode = (id: string) => Buffer.from(id).toString("base64url");

function decode(cursor: string): string {
  const id = Buffer.from(cursor, "base64url").toString();
  // A bigint id: 19 digits may still be past its largest value, which PostgreSQL refuses (a 500).
  if (!/^[1-9][0-9]{0,18}$/.test(id) || BigInt(id) > MAX_BIGINT) {
    throw badRequest(messages.invalidCursor, "invalid_cursor");
  }
  return id;
}

export function createAuditService(repository: AuditRepository) {
  const mayRead = (actor: Actor) => {
    if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
  };

  /**
   * The rows as entries, each with its names: those stored when it was written win; what they
   * lack (entries older than stored names, an id first named later) is looked up as it is now.
   */
  async function named(workspaceId: string, rows: AuditRow[]): Promise<AuditEntry[]> {
    const missing = new Set<string>();
    for (const r of rows) {
      for (const id of idsOf(r.actor_id, r.target_id, r.details)) if (!(id in r.names)) missing.add(id);
    }
    const now = await repository.namesOf(workspaceId, [...missing]);
    return rows.map(({ id: _id, ...entry }) => ({ ...entry, names: { ...now, ...entry.names } }));
  }

  return {
    async list(actor: Actor, q: AuditQuery): Promise<AuditList> {
      mayRead(actor);
      const limit = q.limit ?? AUDIT_PAGE_LIMIT;
      const before = q.cursor === undefined ? null : decode(q.cursor);
      const rows = await repository.page(actor.workspaceId, before, limit + 1, q);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: await named(actor.workspaceId, page),
        nextCursor: rows.length > limit && last ? encode(last.id) : null,
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
          yield (await named(workspaceId, rows)).map(auditCsvRow).join("");
          sent += rows.length;
          before = rows.at(-1)!.id;
        }
      }
      return Readable.from(lines());
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
