import { healthSchema, readinessSchema } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** Liveness: the process answers and its database does (load balancers and `npm start` users). */
export function healthRoutes(
  app: FastifyInstance,
  deps: { ping: () => Promise<boolean>; downReason?: () => string | undefined },
): void {
  const schema = { response: { 200: healthSchema, 503: healthSchema } };
  app.withTypeProvider<ZodTypeProvider>().get("/api/health", { schema }, async (_req, reply) => {
    const database = await deps.ping();
    if (database) return reply.status(200).send({ status: "ok", database });
    // Says what happened when we know (the embedded PostgreSQL died), for whoever looks at it.
    const reason = deps.downReason?.() ?? "the database does not answer";
    return reply.status(503).send({ status: "unavailable", database, reason });
  });
}

/**
 * Readiness: everything a request may need answers — the database and the photo storage
 * (for S3 a HEAD on the bucket). A process that is not ready gets no traffic from a balancer.
 */
export function readinessRoutes(
  app: FastifyInstance,
  deps: { ping: () => Promise<boolean>; checkStorage: () => Promise<void> },
): void {
  const schema = { response: { 200: readinessSchema, 503: readinessSchema } };
  app.withTypeProvider<ZodTypeProvider>().get("/api/ready", { schema }, async (req, reply) => {
    const [database, storage] = await Promise.all([
      deps.ping(),
      deps.checkStorage().then(
        () => true,
        (err: unknown) => {
          req.log.warn({ err }, "storage not ready");
          return false;
        },
      ),
    ]);
    const ready = database && storage;
    return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "not_ready", database, storage });
  });
}
