import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { memberUsageListSchema, quotaBodySchema, quotaParamsSchema } from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { AdminService } from "./admin.service";

export function adminRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: AdminService },
) {
  const { requireActor, service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    "/api/admin/users/:userId/quota",
    { schema: { params: quotaParamsSchema, body: quotaBodySchema, response: { 204: z.undefined() } } },
    async (req, reply) => {
      await service.setQuota(await requireActor(req), req.params.userId, req.body.quotaBytes);
      return reply.status(204).send();
    },
  );

  api.get("/api/admin/members", { schema: { response: { 200: memberUsageListSchema } } }, async (req) => ({
    members: await service.members(await requireActor(req)),
  }));
}
