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
      reply.header("etag", file.etag).header("cache-control", file.cacheControl);
      if (file.disposition) reply.header("content-disposition", file.disposition);
      if (etagMatches(req.headers["if-none-match"], file.etag)) {
        // The browser's copy is current (and the caller may see it): no bytes.
        file.body.destroy();
        return reply.status(304).send();
      }
      return reply
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("x-content-type-options", "nosniff")
        .send(file.body);
    });
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"x"` matches `"x"`; `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
