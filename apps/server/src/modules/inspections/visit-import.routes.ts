/**
 * POST /api/inspections/import, HTTP only: the multipart `file` (a history CSV) is streamed to a
 * private temp file (never held in memory), read from there by the import, and removed whatever
 * happens.
 */
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  canManage,
  VISIT_HISTORY_MAX_BYTES,
  visitImportQuerySchema,
  visitImportResultSchema,
  visitTexts,
  workspaceTexts,
} from "@poleatlas/shared";
import { forbidden } from "../../errors";
import { withReceivedFile } from "../../infra/uploads/received-file";
import type { TempFiles } from "../../infra/uploads/temp-files";
import type { RequireActor } from "../workspaces/actor";
import type { VisitImport } from "./visit-import.service";

export async function visitImportRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: VisitImport; temp: TempFiles },
) {
  const { requireActor, service, temp } = deps;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/inspections/import",
        { schema: { querystring: visitImportQuerySchema, response: { 200: visitImportResultSchema } } },
        async (req) => {
          const actor = await requireActor(req);
          if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
          const limits = {
            maxBytes: VISIT_HISTORY_MAX_BYTES,
            noFile: visitTexts.historyNoFile,
            tooLarge: visitTexts.historyTooLarge(VISIT_HISTORY_MAX_BYTES / 1048576),
          };
          return withReceivedFile(req, temp, limits, ({ path, part }) =>
            service.run(actor, { path, filename: part.filename }, req.query.dryRun === "true"),
          );
        },
      );
  });
}
