/** HTTP only: a pole's attachments (the rules are in attachments.service.ts). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  attachmentConflictSchema,
  attachmentCreateSchema,
  attachmentIdParamsSchema,
  attachmentListSchema,
  attachmentPatchSchema,
  attachmentResponseSchema,
  etagOf,
  ifMatchHeadersSchema,
  poleIdParamsSchema,
  versionFromIfMatch,
} from "@poleatlas/shared";
import { z } from "zod";
import type { RequireActor } from "../workspaces/actor";
import type { AttachmentsService } from "./attachments.service";

export function attachmentsRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: AttachmentsService },
) {
  const { requireActor, service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/poles/:id/attachments",
    { schema: { params: poleIdParamsSchema, response: { 200: attachmentListSchema } } },
    async (req) => ({ attachments: await service.list(await requireActor(req), req.params.id) }),
  );

  api.post(
    "/api/poles/:id/attachments",
    {
      schema: {
        params: poleIdParamsSchema,
        body: attachmentCreateSchema,
        response: { 201: attachmentResponseSchema },
      },
    },
    async (req, reply) => {
      const attachment = await service.create(await requireActor(req), req.params.id, req.body);
      reply.header("etag", etagOf(attachment.version));
      return reply.code(201).send({ attachment });
    },
  );

  // The ETag is the attachment's version: a PATCH or DELETE naming it in If-Match acts only if
  // nobody changed the attachment meanwhile.
  api.patch(
    "/api/attachments/:id",
    {
      schema: {
        params: attachmentIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: attachmentPatchSchema,
        response: { 200: attachmentResponseSchema, 412: attachmentConflictSchema },
      },
    },
    async (req, reply) => {
      const expected = versionFromIfMatch(req.headers["if-match"]);
      const attachment = await service.patch(await requireActor(req), req.params.id, req.body, expected);
      reply.header("etag", etagOf(attachment.version));
      return { attachment };
    },
  );

  api.delete(
    "/api/attachments/:id",
    {
      schema: {
        params: attachmentIdParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { 204: z.null(), 412: attachmentConflictSchema },
      },
    },
    async (req, reply) => {
      const expected = versionFromIfMatch(req.headers["if-match"]);
      await service.remove(await requireActor(req), req.params.id, expected);
      return reply.code(204).send(null);
    },
  );
}
