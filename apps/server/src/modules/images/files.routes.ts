/** GET /files/<key>: a photo or its thumbnail, to its owner only (the service decides). */
import { fileParamsSchema } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RequireActor } from "../workspaces/actor";
import type { ImagesService } from "./images.service";

export function filesRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: ImagesService },
): void {
  // No response schema: the answer is the file's bytes (or a redirect), not JSON.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/files/*", { schema: { params: fileParamsSchema } }, async (req, reply) => {
      const actor = await deps.requireActor(req);
      const file = await deps.service.file(actor, req.params["*"]);
      if (file.kind === "redirect") {
        // The signed URL expires: the redirect itself must not be cached past it.
        return reply.header("cache-control", "private, no-store").redirect(file.url, 302);
      }
      return reply
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("cache-control", file.cacheControl)
        .header("x-content-type-options", "nosniff")
        .send(file.body);
    });
}
