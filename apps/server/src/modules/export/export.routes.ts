import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { exportQuerySchema } from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { ExportService } from "./export.service";

/** GET /api/export: the active workspace's photos as a file, streamed (no JSON response schema). */
export function exportRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: ExportService },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    // No HEAD twin: Fastify's would run the whole export (a cursor, a pool connection, an audit
    // entry) to send no body, and read it to the end after the client had gone.
    .get(
      "/api/export",
      { schema: { querystring: exportQuerySchema }, exposeHeadRoute: false },
      async (req, reply) => {
        const file = await deps.service.open(await deps.requireActor(req), req.query);
        file.body.on("error", (err) => req.log.error({ err }, "export stream failed"));
        return reply
          .header("content-type", file.contentType)
          .header("content-disposition", `attachment; filename="${file.filename}"`)
          .header("cache-control", "no-store")
          .send(file.body);
      },
    );
}
