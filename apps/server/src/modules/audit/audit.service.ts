/** Reading the trail: the active workspace's, owners and admins only. */
import {
  AUDIT_PAGE_LIMIT,
  canManage,
  messages,
  workspaceTexts,
  type AuditList,
  type AuditQuery,
} from "@poleatlas/shared";
import { badRequest, forbidden } from "../../errors";
import type { Actor } from "../workspaces/actor";
import type { AuditRepository } from "./audit.repository";

const MAX_BIGINT = 2n ** 63n - 1n;

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
  return {
    async list(actor: Actor, q: AuditQuery): Promise<AuditList> {
      if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const limit = q.limit ?? AUDIT_PAGE_LIMIT;
      const before = q.cursor === undefined ? null : decode(q.cursor);
      const rows = await repository.page(actor.workspaceId, before, limit + 1, q.action);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map(({ id: _id, ...entry }) => entry),
        nextCursor: rows.length > limit && last ? encode(last.id) : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
