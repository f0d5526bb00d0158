import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditFilterSchema, auditListSchema, auditQuerySchema } from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { AuditService } from "./audit.service";

/** GET /api/audit and GET /api/audit/export: read only; no route changes the trail. */
export function auditRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: AuditService },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/api/audit",
    { schema: { querystring: auditQuerySchema, response: { 200: auditListSchema } } },
    async (req) => deps.service.list(await deps.requireActor(req), req.query),
  );
  // A file, streamed (no JSON response schema); no HEAD twin, which would read the whole trail.
  typed.get(
    "/api/audit/export",
    { schema: { querystring: auditFilterSchema }, exposeHeadRoute: false },
    async (req, reply) => {
      const body = deps.service.export(await deps.requireActor(req), req.query);
      body.on("error", (err) => req.log.error({ err }, "audit export failed"));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(body);
    },
  );
}
