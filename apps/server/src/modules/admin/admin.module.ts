/** Wires the administrators' routes, and says at start-up which ADMIN_EMAILS have no rights yet. */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../infra/db/database";
import type { AuditLog } from "../audit/audit-log";
import type { RequireActor } from "../workspaces/actor";
import { createAdminRepository } from "./admin.repository";
import { adminRoutes } from "./admin.routes";
import { createAdminService } from "./admin.service";

export async function registerAdmin(
  app: FastifyInstance,
  deps: { config: Config; db: Db; audit: AuditLog; requireActor: RequireActor; log: FastifyBaseLogger },
): Promise<void> {
  const { config } = deps;
  const repository = createAdminRepository(deps.db);
  const service = createAdminService({
    repository,
    audit: deps.audit,
    adminEmails: config.adminEmails,
    teamQuotaBytes: config.teamQuotaBytes,
  });
  // An administrator's address gives its rights only once confirmed: say so, or the 403s puzzle.
  const unconfirmed = await repository.unconfirmedOf(config.adminEmails);
  if (unconfirmed.length > 0) {
    deps.log.warn(
      { addresses: unconfirmed },
      "ADMIN_EMAILS: these accounts have not confirmed their address and have no administrator rights until they do",
    );
  }
  adminRoutes(app, { requireActor: deps.requireActor, service });
}
