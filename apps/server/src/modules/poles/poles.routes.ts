/**
 * HTTP only, like images.routes.ts: poles, and the inspection of a photo (PATCH /api/images/:id:
 * rating, notes, place, pole), which is about poles more than about files.
 */
import type { FastifyInstance } from "fastify";
import type { PoleListResponse } from "@poleatlas/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  etagOf,
  ifMatchHeadersSchema,
  imageConflictSchema,
  imageIdParamsSchema,
  imagePatchSchema,
  imageResponseSchema,
  poleConflictSchema,
  poleIdParamsSchema,
  poleListQuerySchema,
  poleListResponseSchema,
  mergeCandidatesSchema,
  photoMoveBodySchema,
  photoMoveResponseSchema,
  poleMergeBodySchema,
  poleMergeResponseSchema,
  polePatchSchema,
  poleResponseSchema,
  poleSearchQuerySchema,
  poleSearchResponseSchema,
  poleTagResponseSchema,
  poleTimelineSchema,
  versionFromIfMatch,
} from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { PolesService } from "./poles.service";
import type { PoleMerge } from "./pole-merge";
import type { PhotoMove } from "./photo-move";

export function polesRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: PolesService; merge: PoleMerge; photoMove: PhotoMove },
) {
  const { requireActor, service, merge, photoMove } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Answers poleMarkersWireSchema as JSON text written from SQL (poles.repository.ts): a string with a
  // JSON type goes out as it is, unserialized, so zod never walks 100k poles × 11 columns; the
  // schema documents it and test/poles/pole-markers.test.ts parses the answers with it.
  api.get(
    "/api/poles",
    { schema: { querystring: poleListQuerySchema, response: { 200: poleListResponseSchema } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      if (req.query.tag !== undefined) {
        const found = { poles: await service.byTag(actor, req.query.tag, req.query.limit) };
        return poleTagResponseSchema.parse(found);
      }
      if (req.query.ids !== undefined) {
        return poleTagResponseSchema.parse({ poles: await service.byIds(actor, req.query.ids.split(",")) });
      }
      const json = await service.regionMarkersJson(actor, req.query.region ?? "");
      // Already the schema's JSON text: sent as it is (see above), so typed as what it encodes.
      return reply.type("application/json; charset=utf-8").send(json as unknown as PoleListResponse);
    },
  );

  api.get(
    "/api/poles/search",
    { schema: { querystring: poleSearchQuerySchema, response: { 200: poleSearchResponseSchema } } },
    async (req) => {
      const actor = await requireActor(req);
      return { poles: await service.search(actor, req.query) };
    },
  );

  // The ETag is the pole's version (its label's): a PATCH naming it in If-Match changes the label
  // only if nobody did meanwhile.
  api.get(
    "/api/poles/:id",
    { schema: { params: poleIdParamsSchema, response: { 200: poleTimelineSchema } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      const timeline = await service.get(actor, req.params.id);
      reply.header("etag", etagOf(timeline.pole.version));
      return timeline;
    },
  );

  api.patch(
    "/api/poles/:id",
    {
      schema: {
        params: poleIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: polePatchSchema,
        response: { 200: poleResponseSchema, 412: poleConflictSchema },
      },
    },
    async (req, reply) => {
      const actor = await requireActor(req);
      const expected = versionFromIfMatch(req.headers["if-match"]);
      const pole = await service.patch(actor, req.params.id, req.body, expected);
      reply.header("etag", etagOf(pole.version));
      return { pole };
    },
  );

  api.post(
    "/api/poles/:id/merge",
    {
      schema: {
        params: poleIdParamsSchema,
        body: poleMergeBodySchema,
        response: { 200: poleMergeResponseSchema },
      },
    },
    async (req) => merge.merge(await requireActor(req), req.params.id, req.body.into),
  );

  api.get(
    "/api/poles/:id/merge-candidates",
    { schema: { params: poleIdParamsSchema, response: { 200: mergeCandidatesSchema } } },
    async (req) => ({ poles: await merge.candidates(await requireActor(req), req.params.id) }),
  );

  // Several photos to one pole; the route is static, so it never reads "move" as a photo's id.
  api.post(
    "/api/images/move",
    { schema: { body: photoMoveBodySchema, response: { 200: photoMoveResponseSchema } } },
    async (req) => photoMove.move(await requireActor(req), req.body),
  );

  api.patch(
    "/api/images/:id",
    {
      schema: {
        params: imageIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: imagePatchSchema,
        response: { 200: imageResponseSchema, 412: imageConflictSchema },
      },
    },
    async (req, reply) => {
      const actor = await requireActor(req);
      const expected = versionFromIfMatch(req.headers["if-match"]);
      const answer = await service.patchImage(actor, req.params.id, req.body, expected);
      reply.header("etag", etagOf(answer.image.version));
      return answer;
    },
  );
}
