/**
 * GET /api/basemaps: the imagery layers the operator configured (BASEMAPS) and the one
 * the globe shows first (DEFAULT_BASEMAP). For signed-in users: the globe is theirs only.
 */
import { basemapsResponseSchema, type BasemapsResponse } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RequireUser } from "../auth/session-user";

export function registerBasemaps(
  app: FastifyInstance,
  deps: { basemaps: { list: BasemapsResponse["basemaps"]; default: string }; requireUser: RequireUser },
): void {
  const answer: BasemapsResponse = { basemaps: deps.basemaps.list, default: deps.basemaps.default };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/basemaps", { schema: { response: { 200: basemapsResponseSchema } } }, async (req) => {
      await deps.requireUser(req);
      return answer;
    });
}
