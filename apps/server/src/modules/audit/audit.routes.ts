import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditListSchema, auditQuerySchema } from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { AuditService } from "./audit.service";

/** GET /api/audit: read only; no route changes the trail. */
export function auditRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: AuditService },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/audit",
      { schema: { querystring: auditQuerySchema, response: { 200: auditListSchema } } },
      async (req) => deps.service.list(await deps.requireActor(req), req.query),
    );
}
