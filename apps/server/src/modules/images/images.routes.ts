/** HTTP only: parse, ask the service, answer. The contract is DESIGN.md "The API contract". */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { messages } from "@poleatlas/shared";
import { badRequest } from "../../errors";
import type { RequireUser } from "../auth/session-user";
import type { ImagesService } from "./images.service";
import { receiveUpload } from "./upload-receiver";

const listQuery = z.object({ region: z.string().optional() });
const idParams = z.object({ id: z.string() });

export async function imagesRoutes(
  app: FastifyInstance,
  deps: { requireUser: RequireUser; service: ImagesService; tmpDir: string },
): Promise<void> {
  const { requireUser, service } = deps;

  // Multipart only here. Its own fileSize limit is replaced per request by the remaining quota.
  await app.register(async (scope) => {
    // throwFileSizeLimit off: we check `truncated` ourselves and answer the quota message.
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });

    scope.post("/api/images", async (req, reply) => {
      const user = await requireUser(req);
      if (!req.isMultipart()) throw badRequest(messages.noFilesSelected, "file_required");
      const image = await service.upload(user.id, (maxBytes) =>
        receiveUpload(req, { tmpDir: deps.tmpDir, maxBytes }),
      );
      return reply.status(201).send({ image });
    });
  });

  app.get("/api/images", async (req) => {
    const user = await requireUser(req);
    const query = listQuery.safeParse(req.query);
    if (!query.success) throw badRequest(messages.invalidRegion, "invalid_region");
    return { images: await service.list(user.id, query.data.region) };
  });

  app.delete("/api/images/:id", async (req, reply) => {
    const user = await requireUser(req);
    const { id } = idParams.parse(req.params);
    await service.delete(user.id, id);
    return reply.status(204).send();
  });

  app.get("/api/regions", async (req) => {
    const user = await requireUser(req);
    return { regions: await service.regions(user.id) };
  });

  app.get("/api/storage/usage", async (req) => {
    const user = await requireUser(req);
    return service.usage(user.id);
  });
}
