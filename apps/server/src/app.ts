import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Database } from "./infra/db/database";
import { healthRoutes } from "./modules/health/health.routes";
import { defaultWebDistDir } from "./paths";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerWeb } from "./plugins/web";

export interface AppDeps {
  config: Config;
  database: Database;
}

/** Builds the whole HTTP app without listening, so tests can `inject` into it. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Every log line of a request carries its id; clients and proxies see it as X-Request-Id.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  });
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    done();
  });
  registerErrorHandler(app);
  healthRoutes(app, { ping: () => database.ping() });
  await registerWeb(app, config.webDistDir ?? defaultWebDistDir);
  return app;
}
