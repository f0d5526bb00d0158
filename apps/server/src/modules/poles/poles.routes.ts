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
  poleListSchema,
  polePatchSchema,
  poleResponseSchema,
  poleTimelineSchema,
} from "@poleatlas/shared";
import type { RequireUser } from "../auth/session-user";
import type { PolesService } from "./poles.service";

export function polesRoutes(app: FastifyInstance, deps: { requireUser: RequireUser; service: PolesService }) {
  const { requireUser, service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/poles",
    { schema: { querystring: poleListQuerySchema, response: { 200: poleListSchema } } },
    async (req) => {
      const user = await requireUser(req);
      return { poles: await service.region(user.id, req.query.region) };
    },
  );

  api.get(
    "/api/poles/:id",
    { schema: { params: poleIdParamsSchema, response: { 200: poleTimelineSchema } } },
    async (req) => {
      const user = await requireUser(req);
      return service.get(user.id, req.params.id);
    },
  );

  api.patch(
    "/api/poles/:id",
    { schema: { params: poleIdParamsSchema, body: polePatchSchema, response: { 200: poleResponseSchema } } },
    async (req) => {
      const user = await requireUser(req);
      return { pole: await service.setLabel(user.id, req.params.id, req.body.label) };
    },
  );

  api.patch(
    "/api/images/:id",
    {
      schema: { params: imageIdParamsSchema, body: imagePatchSchema, response: { 200: imageResponseSchema } },
    },
    async (req) => {
      const user = await requireUser(req);
      return { image: await service.patchImage(user.id, req.params.id, req.body) };
    },
  );
}
