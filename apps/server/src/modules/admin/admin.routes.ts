import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  memberCapBodySchema,
  memberCapParamsSchema,
  memberUsageListSchema,
  quotaBodySchema,
  quotaParamsSchema,
  teamQuotaParamsSchema,
} from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { AdminService } from "./admin.service";

export function adminRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: AdminService },
) {
  const { requireActor, service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noContent = { 204: z.undefined() };

  // A personal workspace's quota: instance administrators only.
  api.put(
    "/api/admin/users/:userId/quota",
    { schema: { params: quotaParamsSchema, body: quotaBodySchema, response: noContent } },
    async (req, reply) => {
      await service.setPersonalQuota(await requireActor(req), req.params.userId, req.body.quotaBytes);
      return reply.status(204).send();
    },
  );

  // A team's pool: instance administrators only.
  api.put(
    "/api/admin/teams/:teamId/quota",
    { schema: { params: teamQuotaParamsSchema, body: quotaBodySchema, response: noContent } },
    async (req, reply) => {
      await service.setTeamQuota(await requireActor(req), req.params.teamId, req.body.quotaBytes);
      return reply.status(204).send();
    },
  );

  // A member's cap inside the active team's pool: the team's owners and admins.
  api.put(
    "/api/admin/members/:userId/cap",
    { schema: { params: memberCapParamsSchema, body: memberCapBodySchema, response: noContent } },
    async (req, reply) => {
      await service.setMemberCap(await requireActor(req), req.params.userId, req.body.capBytes);
      return reply.status(204).send();
    },
  );

  api.get("/api/admin/members", { schema: { response: { 200: memberUsageListSchema } } }, async (req) =>
    service.members(await requireActor(req)),
  );
}
