/**
 * API keys: the resolver every route's actor check consults (before the workspaces module, which
 * falls back to the session), and the /api/keys routes (after it: managing keys needs a session).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { Auth } from "../auth/auth";
import type { RequireActor } from "../workspaces/actor";
import { createWorkspacesRepository } from "../workspaces/workspaces.repository";
import { createApiKeysRepository } from "./api-keys.repository";
import { apiKeysRoutes } from "./api-keys.routes";
import { createApiKeysService } from "./api-keys.service";
import { createKeyRateLimit } from "./key-rate-limit";
import { createVerifiedKeys } from "./verified-keys";

export function createApiKeys(deps: {
  db: Db;
  auth: Auth;
  rateLimit: { max: number; windowSeconds: number };
}) {
  // The audit trail is wired after the workspaces module, which needs actorOfKey first.
  let auditLog: AuditLog | null = null;
  const service = createApiKeysService({
    audit: (actor, event) => {
      if (!auditLog) throw new Error("API keys: the audit trail is not wired yet");
      return auditLog(actor, event);
    },
    auth: deps.auth,
    repository: createApiKeysRepository(deps.db),
    workspaces: createWorkspacesRepository(deps.db),
    verifiedKeys: createVerifiedKeys(),
    rateLimit: createKeyRateLimit(deps.rateLimit),
  });
  return {
    actorOfKey: (req: FastifyRequest, opts?: { counted?: boolean }) => service.actorOfKey(req, opts),
    registerRoutes: (app: FastifyInstance, requireSessionActor: RequireActor, audit: AuditLog) => {
      auditLog = audit;
      apiKeysRoutes(app, { service, requireSessionActor });
    },
  };
}
