/**
 * GET /api/crs?q=&limit=: the coordinate systems a register may be in, searched by code or by
 * the words of their name and area of use, for the import dialog's list. Signed-in users only.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { crsListSchema, crsQuerySchema } from "@poleatlas/shared";
import type { RequireActor } from "../../workspaces/actor";
import { searchSystems } from "../../../formats/coordinate-systems";

export function crsRoutes(app: FastifyInstance, deps: { requireActor: RequireActor }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/crs",
      { schema: { querystring: crsQuerySchema, response: { 200: crsListSchema } } },
      async (req) => {
        await deps.requireActor(req);
        return { systems: await searchSystems(req.query.q, req.query.limit) };
      },
    );
}
