/** HTTP only: a pole's inspection visits and the workspace's list of them. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  poleIdParamsSchema,
  poleVisitsSchema,
  visitCreateSchema,
  visitListQuerySchema,
  visitListSchema,
  visitResponseSchema,
} from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { VisitsService } from "./visits.service";

export function visitsRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; visits: VisitsService },
) {
  const { requireActor, visits } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/poles/:id/inspections",
    {
      schema: { params: poleIdParamsSchema, body: visitCreateSchema, response: { 201: visitResponseSchema } },
    },
    async (req, reply) => {
      const inspection = await visits.record(await requireActor(req), req.params.id, req.body);
      return reply.code(201).send({ inspection });
    },
  );

  api.get(
    "/api/poles/:id/inspections",
    { schema: { params: poleIdParamsSchema, response: { 200: poleVisitsSchema } } },
    async (req) => ({ inspections: await visits.ofPole(await requireActor(req), req.params.id) }),
  );

  api.get(
    "/api/inspections",
    { schema: { querystring: visitListQuerySchema, response: { 200: visitListSchema } } },
    async (req) => visits.list(await requireActor(req), req.query),
  );
}
