import type { FastifyInstance } from "fastify";

export function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<boolean> }): void {
  app.get("/api/health", async (_req, reply) => {
    const database = await deps.ping();
    return reply.status(database ? 200 : 503).send({ status: database ? "ok" : "unavailable", database });
  });
}
