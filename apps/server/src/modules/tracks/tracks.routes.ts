/**
 * HTTP only: /api/tracks (upload, list, delete) and /api/tracks/:id/match. A track file is at most
 * MAX_TRACK_BYTES, read as it arrives (a GeoJSON one is then parsed whole).
 */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  MAX_TRACK_BYTES,
  trackIdParamsSchema,
  trackListSchema,
  trackMatchBodySchema,
  trackMatchResultSchema,
  trackResponseSchema,
  trackTexts,
} from "@poleatlas/shared";
import { z } from "zod";
import { AppError, badRequest } from "../../errors";
import type { RequireActor } from "../workspaces/actor";
import type { TracksService } from "./tracks.service";

export async function tracksRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: TracksService },
) {
  const { requireActor, service } = deps;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post("/api/tracks", { schema: { response: { 201: trackResponseSchema } } }, async (req, reply) => {
      const actor = await requireActor(req);
      if (!req.isMultipart()) throw badRequest(trackTexts.noFile, "file_required");
      const part = await req.file({ limits: { fileSize: MAX_TRACK_BYTES, files: 1 } });
      if (!part || part.fieldname !== "file") throw badRequest(trackTexts.noFile, "file_required");
      const tooLarge = () =>
        new AppError(413, "file_too_large", trackTexts.tooLarge(Math.round(MAX_TRACK_BYTES / 1048576)));
      try {
        const track = await service.upload(actor, { filename: part.filename, bytes: part.file });
        if (part.file.truncated) throw tooLarge();
        return await reply.code(201).send({ track });
      } catch (err) {
        // Cut at the limit, the file reads as broken: the limit is what the user needs to hear.
        if (part.file.truncated) throw tooLarge();
        throw err;
      } finally {
        // A file refused halfway: the rest of the body is read and dropped, so the answer arrives.
        part.file.resume();
      }
    });

    api.get("/api/tracks", { schema: { response: { 200: trackListSchema } } }, async (req) => {
      const actor = await requireActor(req);
      return { tracks: await service.list(actor) };
    });

    api.delete(
      "/api/tracks/:id",
      { schema: { params: trackIdParamsSchema, response: { 204: z.undefined() } } },
      async (req, reply) => {
        const actor = await requireActor(req);
        await service.remove(actor, req.params.id);
        return reply.code(204).send();
      },
    );

    api.post(
      "/api/tracks/:id/match",
      {
        schema: {
          params: trackIdParamsSchema,
          body: trackMatchBodySchema,
          response: { 200: trackMatchResultSchema },
        },
      },
      async (req) => {
        const actor = await requireActor(req);
        return service.match(actor, req.params.id, req.body);
      },
    );
  });
}
