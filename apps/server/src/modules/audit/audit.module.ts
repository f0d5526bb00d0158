/** Wires the audit trail: the log other modules write to, and GET /api/audit to read it. */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../infra/db/database";
import type { RequireActor } from "../workspaces/actor";
import { createAuditLog, type AuditLog } from "./audit-log";
import { createAuditRepository } from "./audit.repository";
import { auditRoutes } from "./audit.routes";
import { createAuditService } from "./audit.service";

export function registerAudit(app: FastifyInstance, deps: { db: Db; requireActor: RequireActor }): AuditLog {
  const repository = createAuditRepository(deps.db);
  auditRoutes(app, { requireActor: deps.requireActor, service: createAuditService(repository) });
  return createAuditLog(repository);
}
