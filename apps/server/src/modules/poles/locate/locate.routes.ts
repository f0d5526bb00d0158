/** HTTP only: a pole's locate from its photos' bearings, and the photos its record offers for it. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  locateCandidatesSchema,
  locateRequestSchema,
  locateResponseSchema,
  poleIdParamsSchema,
} from "@poleatlas/shared";
import type { RequireActor } from "../../workspaces/actor";
import type { LocateService } from "./locate.service";

export function locateRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: LocateService },
) {
  const { requireActor, service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/poles/:id/locate/candidates",
    { schema: { params: poleIdParamsSchema, response: { 200: locateCandidatesSchema } } },
    async (req) => service.candidates(await requireActor(req), req.params.id),
  );

  api.post(
    "/api/poles/:id/locate",
    {
      schema: {
        params: poleIdParamsSchema,
        body: locateRequestSchema,
        response: { 200: locateResponseSchema },
      },
    },
    async (req) => service.locate(await requireActor(req), req.params.id, req.body),
  );
}
