import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { exportFileAnswer, exportQuerySchema } from "@poleatlas/shared";
import { clientGone, whenAnswerCloses } from "../../infra/limits/request-end";
import { endStalledReader } from "../../infra/limits/stalled-reader";
import type { RequireActor } from "../workspaces/actor";
import type { ExportService } from "./export.service";

/** GET /api/export: the active workspace's photos as a file, streamed (no JSON response schema). */
export function exportRoutes(
  app: FastifyInstance,
  deps: {
    requireActor: RequireActor;
    service: ExportService;
    /** READER_STALL_SECONDS in ms: an export nobody reads for this long is ended. */
    readerStallMs: number;
  },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    // No HEAD twin: Fastify's would run the whole export (a cursor, a pool connection, an audit
    // entry) to send no body, and read it to the end after the client had gone.
    .get(
      "/api/export",
      {
        schema: { querystring: exportQuerySchema, response: { 200: exportFileAnswer } },
        exposeHeadRoute: false,
      },
      async (req, reply) => {
        const file = await deps.service.open(await deps.requireActor(req), req.query);
        // However the answer ends (read to the end, cut off, or a client gone before this line:
        // then at once), the file closes, and with it its connection and its export place.
        whenAnswerCloses(reply.raw, () => file.body.destroy());
        if (file.body.destroyed) throw clientGone();
        // A Shapefile or GeoPackage sends nothing while it is built (a million poles take most of
        // a minute), and the idle cut-off for silent sockets would close this one meanwhile; the
        // stalled-reader and leak guards still bound it. (An injected request has no real socket.)
        if (file.builtFirst) {
          const socket = req.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
          socket?.setTimeout?.(0);
        }
        file.body.on("error", (err) => req.log.error({ err }, "export stream failed"));
        endStalledReader(reply.raw, deps.readerStallMs, () =>
          req.log.info("export ended: its reader took nothing for READER_STALL_SECONDS"),
        );
        return reply
          .header("content-type", file.contentType)
          .header("content-disposition", `attachment; filename="${file.filename}"`)
          .header("cache-control", "no-store")
          .send(file.body);
      },
    );
}
