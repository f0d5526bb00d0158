/**
 * Wires the audit trail: the log other modules write to, GET /api/audit to read it, and one
 * pole's entries (GET /api/poles/:id/history).
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { RequireActor } from "../workspaces/actor";
import { createAuditLog, type AuditLog } from "./audit-log";
import { createAuditRepository } from "./audit.repository";
import { auditRoutes } from "./audit.routes";
import { createAuditService } from "./audit.service";
import { createPoleHistory, poleHistoryRoutes } from "./pole-history";

export function registerAudit(app: FastifyInstance, deps: { db: Db; requireActor: RequireActor }): AuditLog {
  const repository = createAuditRepository(deps.db);
  auditRoutes(app, { requireActor: deps.requireActor, service: createAuditService(repository) });
  poleHistoryRoutes(app, {
    requireActor: deps.requireActor,
    history: createPoleHistory(deps.db, repository),
  });
  return createAuditLog(repository);
}
