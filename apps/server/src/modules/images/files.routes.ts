/**
 * GET /files/<key>: a photo or its thumbnail, to its owner only. Anyone else gets the same 404
 * as for a key that does not exist, so keys cannot be probed.
 */
import { messages, STORAGE_CACHE_CONTROL_SECONDS } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../errors";
import type { Storage } from "../../infra/storage/storage";
import type { RequireUser } from "../auth/session-user";
import type { ImagesService } from "./images.service";

/** Private: the bytes are the owner's; shared caches must not keep them. */
const CACHE_CONTROL = `private, max-age=${STORAGE_CACHE_CONTROL_SECONDS}`;

export function filesRoutes(
  app: FastifyInstance,
  deps: { requireUser: RequireUser; service: ImagesService; storage: Storage },
): void {
  app.get("/files/*", async (req, reply) => {
    const user = await deps.requireUser(req);
    const key = (req.params as { "*": string })["*"];
    const file = await deps.service.fileFor(user.id, key);
    if (!file) throw notFound(messages.imageNotFound);
    const served = await deps.storage.serve(key, {
      contentType: file.contentType,
      cacheControl: CACHE_CONTROL,
    });
    if (!served) {
      req.log.error({ key }, "a photo's row exists but its stored file does not");
      throw notFound(messages.imageNotFound);
    }
    if (served.kind === "redirect") {
      // The signed URL expires: the redirect itself must not be cached past it.
      return reply.header("cache-control", "private, no-store").redirect(served.url, 302);
    }
    return reply
      .header("content-type", file.contentType)
      .header("content-length", served.size)
      .header("cache-control", CACHE_CONTROL)
      .header("x-content-type-options", "nosniff")
      .send(served.body);
  });
}
