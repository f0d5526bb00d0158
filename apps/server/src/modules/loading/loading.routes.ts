/** HTTP only: a pole's loading check (the rules are in loading.service.ts). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loadingAnswerSchema, poleIdParamsSchema } from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { LoadingService } from "./loading.service";

export function loadingRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: LoadingService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/poles/:id/loading",
    { schema: { params: poleIdParamsSchema, response: { 200: loadingAnswerSchema } } },
    async (req) => deps.service.check(await deps.requireActor(req), req.params.id),
  );
}
