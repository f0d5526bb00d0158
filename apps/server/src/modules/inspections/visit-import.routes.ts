/** POST /api/inspections/import, HTTP only: the multipart `file` (a history CSV) read whole. */
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
import { AppError, badRequest, forbidden } from "../../errors";
import type { RequireActor } from "../workspaces/actor";
import type { VisitImport } from "./visit-import.service";

export async function visitImportRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: VisitImport },
) {
  const { requireActor, service } = deps;
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
          if (!req.isMultipart()) throw badRequest(visitTexts.historyNoFile, "file_required");
          const part = await req.file({ limits: { fileSize: VISIT_HISTORY_MAX_BYTES, files: 1 } });
          if (!part || part.fieldname !== "file") throw badRequest(visitTexts.historyNoFile, "file_required");
          const bytes = await part.toBuffer().catch(() => null);
          if (bytes === null || part.file.truncated)
            throw new AppError(
              413,
              "file_too_large",
              visitTexts.historyTooLarge(VISIT_HISTORY_MAX_BYTES / 1048576),
            );
          return service.run(actor, bytes, part.filename, req.query.dryRun === "true");
        },
      );
  });
}
