/**
 * POST /api/poles/import, HTTP only: the multipart `file` is streamed to a private temp file
 * (never held in memory), handed to the import, and removed whatever happens. `crs` and `mapping`
 * come as form fields before the file, or in the query.
 */
import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  canManage,
  poleImportQuerySchema,
  poleImportResultSchema,
  poleImportTexts,
  workspaceTexts,
} from "@poleatlas/shared";
import { forbidden } from "../../../errors";
import { whenAnswerCloses } from "../../../infra/limits/request-end";
import { withReceivedFile } from "../../../infra/uploads/received-file";
import type { TempFiles } from "../../../infra/uploads/temp-files";
import type { RequireActor } from "../../workspaces/actor";
import type { PoleImport } from "./import.service";

/** A text field sent before the file (a field sent after it is not read: the file comes first). */
function formField(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  if (field === undefined || Array.isArray(field) || field.type !== "field") return undefined;
  return String(field.value);
}

export async function poleImportRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; service: PoleImport; temp: TempFiles; maxBytes: number },
) {
  const { requireActor, service, temp, maxBytes } = deps;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/poles/import",
        { schema: { querystring: poleImportQuerySchema, response: { 200: poleImportResultSchema } } },
        async (req, reply) => {
          const actor = await requireActor(req);
          // Before a byte of the file is read: a member's upload of a million rows is refused at once.
          if (!canManage(actor.role)) throw forbidden(workspaceTexts.forbidden);
          const limits = {
            maxBytes,
            noFile: poleImportTexts.noFile,
            tooLarge: poleImportTexts.tooLarge(Math.round(maxBytes / 1048576)),
          };
          return withReceivedFile(req, temp, limits, async ({ path, part }) => {
            // The file is in; reading a large register may take minutes with nothing to send
            // meanwhile, and the idle cut-off for silent sockets would close this one halfway.
            // (An injected request has a stand-in socket without one.)
            const socket = req.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
            socket?.setTimeout?.(0);
            // A client gone mid-read ends the reading (a GeoPackage's thread) instead of letting it run on.
            const gone = new AbortController();
            whenAnswerCloses(reply.raw, () => gone.abort());
            return service.run(actor, { path, filename: part.filename }, req.query.dryRun === "true", {
              crs: formField(part, "crs") ?? req.query.crs,
              mapping: formField(part, "mapping") ?? req.query.mapping,
              layer: formField(part, "layer") ?? req.query.layer,
              clearMissing: (formField(part, "clearMissing") ?? req.query.clearMissing) === "true",
              signal: gone.signal,
            });
          });
        },
      );
  });
}
