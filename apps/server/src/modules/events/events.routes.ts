import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eventsQuerySchema } from "@poleatlas/shared";
import type { EventsService } from "./events.service";

/**
 * GET /api/events: the workspace's changes as text/event-stream (events: workspaceEventSchema,
 * resetEventSchema, removedEventSchema). Never compressed (a stream, see plugins/compression) nor
 * cached, and marked for proxies not to buffer it.
 */
export function eventsRoutes(app: FastifyInstance, deps: { service: EventsService }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/events", { schema: { querystring: eventsQuerySchema } }, async (req, reply) => {
      const lastEventId = req.headers["last-event-id"];
      const stream = await deps.service.open(
        req,
        reply.raw,
        req.query,
        Array.isArray(lastEventId) ? lastEventId[0] : lastEventId,
      );
      reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        .header("x-accel-buffering", "no");
      return reply.send(stream.out);
    });
}
