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
import { AppError, badRequest, forbidden } from "../../errors";
import { writeTemp, type TempFiles } from "../../infra/uploads/temp-files";
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
          if (!req.isMultipart()) throw badRequest(visitTexts.historyNoFile, "file_required");
          const part = await req.file({ limits: { fileSize: VISIT_HISTORY_MAX_BYTES, files: 1 } });
          if (!part || part.fieldname !== "file") throw badRequest(visitTexts.historyNoFile, "file_required");
          const file = await temp.newPath("upload");
          try {
            await writeTemp(temp, file, part.file);
            if (part.file.truncated)
              throw new AppError(
                413,
                "file_too_large",
                visitTexts.historyTooLarge(VISIT_HISTORY_MAX_BYTES / 1048576),
              );
            const dryRun = req.query.dryRun === "true";
            return await service.run(actor, { path: file, filename: part.filename }, dryRun);
          } finally {
            await temp.remove(file);
          }
        },
      );
  });
}
