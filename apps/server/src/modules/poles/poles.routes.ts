/**
 * HTTP only, like images.routes.ts: poles, and the inspection of a photo (PATCH /api/images/:id:
 * rating, notes, place, pole), which is about poles more than about files.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  imageIdParamsSchema,
  imagePatchSchema,
  imageResponseSchema,
  poleIdParamsSchema,
  poleListQuerySchema,
  polePatchSchema,
  poleResponseSchema,
  poleSearchQuerySchema,
  poleSearchResponseSchema,
  poleTagResponseSchema,
  poleTimelineSchema,
} from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { PolesService } from "./poles.service";

export function polesRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: PolesService },
) {
  const { requireActor, service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Answers poleMarkersSchema, as JSON text written from SQL (poles.repository.ts): a string with a
  // JSON type goes out as it is, so no response schema here, or zod would walk 100k poles × 5
  // columns on every call; test/poles/pole-markers.test.ts parses the answers with the schema.
  api.get("/api/poles", { schema: { querystring: poleListQuerySchema } }, async (req, reply) => {
    const actor = await requireActor(req);
    if (req.query.tag !== undefined) {
      const found = { poles: await service.byTag(actor, req.query.tag, req.query.limit) };
      return poleTagResponseSchema.parse(found);
    }
    const json = await service.regionMarkersJson(actor, req.query.region ?? "");
    return reply.type("application/json; charset=utf-8").send(json);
  });

  api.get(
    "/api/poles/search",
    { schema: { querystring: poleSearchQuerySchema, response: { 200: poleSearchResponseSchema } } },
    async (req) => {
      const actor = await requireActor(req);
      return { poles: await service.search(actor, req.query) };
    },
  );

  api.get(
    "/api/poles/:id",
    { schema: { params: poleIdParamsSchema, response: { 200: poleTimelineSchema } } },
    async (req) => {
      const actor = await requireActor(req);
      return service.get(actor, req.params.id);
    },
  );

  api.patch(
    "/api/poles/:id",
    { schema: { params: poleIdParamsSchema, body: polePatchSchema, response: { 200: poleResponseSchema } } },
    async (req) => {
      const actor = await requireActor(req);
      return { pole: await service.patch(actor, req.params.id, req.body) };
    },
  );

  api.patch(
    "/api/images/:id",
    {
      schema: { params: imageIdParamsSchema, body: imagePatchSchema, response: { 200: imageResponseSchema } },
    },
    async (req) => {
      const actor = await requireActor(req);
      return { image: await service.patchImage(actor, req.params.id, req.body) };
    },
  );
}
