/**
 * HTTP only: each route declares its params, query and answers with the shared zod schemas (a
 * request that misses them is a 400 naming the field; answers are serialized by them), asks the
 * service, answers. The contract is the schemas in packages/shared and docs/api.md "Photos".
 */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  etagOf,
  imageCreatedSchema,
  imageIdParamsSchema,
  imageListQuerySchema,
  imageListSchema,
  imageResponseSchema,
  imageUploadResponseSchema,
  messages,
  photoWorkspaceSchema,
  regionListSchema,
  storageUsageSchema,
  PHOTO_SHA256_HEADER,
  uploadHeadersSchema,
} from "@poleatlas/shared";
import { badRequest } from "../../errors";
import type { RequestTurns } from "../../infra/limits/request-turns";
import { endStalledReader } from "../../infra/limits/stalled-reader";
import type { RequireActor } from "../workspaces/actor";
import type { ImagesService } from "./images.service";
import { receiveUpload } from "../uploads/upload-receiver";

export async function imagesRoutes(
  app: FastifyInstance,
  deps: {
    requireActor: RequireActor;
    service: ImagesService;
    /** Turns of GET /api/images (images.module: per user and in all). */
    lists: RequestTurns;
    /** READER_STALL_SECONDS in ms: an answer nobody takes for this long is ended. */
    readerStallMs: number;
  },
): Promise<void> {
  const { requireActor, service, lists, readerStallMs } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Multipart only here. Its own fileSize limit is replaced per request by the remaining quota.
  await api.register(async (scope) => {
    // throwFileSizeLimit off: we check `truncated` ourselves and answer the quota message.
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });

    // The body is multipart (a file and form fields), read as a stream: the service checks its fields.
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/images",
      {
        schema: {
          headers: uploadHeadersSchema,
          response: { 200: imageUploadResponseSchema, 201: imageCreatedSchema },
        },
      },
      async (req, reply) => {
        const actor = await requireActor(req);
        if (!req.isMultipart()) throw badRequest(messages.noFilesSelected, "file_required");
        const declared = Number(req.headers["content-length"]);
        const { duplicate, ...answer } = await service.upload(
          actor,
          Number.isSafeInteger(declared) ? declared : null,
          (opts) => receiveUpload(req, opts),
          req.headers[PHOTO_SHA256_HEADER],
        );
        return duplicate ? reply.status(200).send({ ...answer, duplicate }) : reply.status(201).send(answer);
      },
    );
  });

  api.get(
    "/api/images",
    { schema: { querystring: imageListQuerySchema, response: { 200: imageListSchema } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      // Held until the answer has left (or the client is gone): serializing and sending a page
      // is most of the work and all of its memory.
      await lists.hold(reply, actor.userId);
      endStalledReader(reply.raw, readerStallMs, () =>
        req.log.info("list answer ended: its reader took nothing for READER_STALL_SECONDS"),
      );
      return service.list(actor, req.query);
    },
  );

  api.get(
    "/api/images/:id",
    { schema: { params: imageIdParamsSchema, response: { 200: imageResponseSchema } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      const answer = await service.get(actor, req.params.id);
      // The version: PATCH with it in If-Match changes the photo only if nobody did meanwhile.
      reply.header("etag", etagOf(answer.image.version));
      return answer;
    },
  );

  api.get(
    "/api/images/:id/workspace",
    { schema: { params: imageIdParamsSchema, response: { 200: photoWorkspaceSchema } } },
    async (req) => service.workspaceOf(await requireActor(req), req.params.id),
  );

  api.delete(
    "/api/images/:id",
    { schema: { params: imageIdParamsSchema, response: { 204: z.undefined() } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      await service.delete(actor, req.params.id);
      return reply.status(204).send();
    },
  );

  api.get("/api/regions", { schema: { response: { 200: regionListSchema } } }, async (req) => {
    const actor = await requireActor(req);
    return { regions: await service.regions(actor) };
  });

  api.get("/api/storage/usage", { schema: { response: { 200: storageUsageSchema } } }, async (req) => {
    const actor = await requireActor(req);
    return service.usage(actor);
  });
}
