/**
 * The tus endpoint (Tus-Resumable 1.0.0: creation, HEAD, PATCH, termination) at /api/uploads,
 * served by @tus/server with its file store in the upload temp folder, or its S3 store in the photo
 * bucket when STORAGE=s3 (infra/uploads/resumable-parts.ts), and GET /api/uploads/:id
 * for what a finished upload became. Every protocol request is signed in and in a workspace
 * (X-Workspace-Id) as any other route, and its upload must be the caller's own there.
 *
 * The protocol's verbs are hidden from the OpenAPI document: their bodies are raw bytes and their
 * answers headers (the tus protocol describes them; docs/api.md "Resumable uploads").
 */
import { randomUUID } from "node:crypto";
import { EVENTS, Server, type Upload } from "@tus/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { NodeRequest } from "srvx/node";
import {
  messages,
  RESUMABLE_UPLOAD_PATH,
  resumableUploadParamsSchema,
  resumableUploadResultSchema,
} from "@poleatlas/shared";
import { AppError, badRequest } from "../../errors";
import { UPLOAD_ID, type ResumableParts } from "../../infra/uploads/resumable-parts";
import type { Actor, RequireActor } from "../workspaces/actor";
import type { ResumableUploads } from "./resumable-uploads.service";

/** A refusal in the protocol's own channel, with the body a plain upload's error has. */
const tusError = (err: unknown) => {
  if (err instanceof AppError) {
    return { status_code: err.statusCode, body: JSON.stringify({ code: err.code, message: err.message }) };
  }
  return err;
};

/**
 * @tus/server reads the request's headers into a WHATWG Headers object, which throws on a NUL, CR
 * or LF in a value: a 400 here instead of that 500. (Node's HTTP parser refuses most of them
 * already; what reaches the app another way, or a lenient proxy, must not fail harder.)
 */
function refuseUnsendableHeaders(req: FastifyRequest): void {
  for (const [name, value] of Object.entries(req.headers)) {
    const values = Array.isArray(value) ? value : [value ?? ""];
    // eslint-disable-next-line no-control-regex -- those characters are what is refused
    if (values.some((v) => /[\u0000\r\n]/.test(v)))
      throw badRequest(messages.unstorableText(`${name} header`));
  }
}

export async function resumableUploadRoutes(
  app: FastifyInstance,
  deps: {
    requireActor: RequireActor;
    uploads: ResumableUploads;
    parts: ResumableParts;
    /** PUBLIC_URL and the loopback origins: the only ones answered with CORS headers. */
    trustedOrigins: string[];
  },
): Promise<void> {
  const { requireActor, uploads, parts } = deps;
  // Who sent each protocol request (set before @tus/server sees it; its hooks get the same object).
  const actors = new WeakMap<object, Actor>();
  const actorOf = (req: object) => {
    const actor = actors.get(req);
    if (!actor) throw new Error("a tus request reached its hooks without a signed-in caller");
    return actor;
  };
  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: parts.datastore,
    // The URL names the upload by its id alone; the store may keep it under a key prefix (S3).
    namingFunction: () => parts.storeId(randomUUID()),
    generateUrl: (_req, { path, id }) => `${path}/${parts.uploadId(id)}`,
    getFileIdFromRequest: (_req, id) =>
      id !== undefined && UPLOAD_ID.test(id) ? parts.storeId(id) : undefined,
    allowedOrigins: deps.trustedOrigins.map((o) => new URL(o).origin),
    allowedCredentials: true,
    allowedHeaders: ["X-Workspace-Id"],
    onIncomingRequest,
    onUploadCreate,
    onUploadFinish,
  });

  tus.on(EVENTS.POST_TERMINATE, (_req, _res, storeId) => {
    const id = parts.uploadId(storeId);
    uploads
      .terminated(id)
      .catch((err: unknown) => app.log.error({ err, uploadId: id }, "could not free a terminated upload"));
  });

  async function onIncomingRequest(req: object & { method: string }, storeId: string) {
    // A creation's id is new; every other verb works on an upload that must be the caller's.
    if (req.method === "POST") return;
    await uploads.checkOwner(actorOf(req), parts.uploadId(storeId)).catch((err: unknown) => {
      throw tusError(err);
    });
  }
  async function onUploadCreate(req: object, upload: Upload) {
    await uploads
      .create(actorOf(req), parts.uploadId(upload.id), upload.size, upload.metadata ?? {})
      .catch((err: unknown) => {
        throw tusError(err);
      });
    return {};
  }
  async function onUploadFinish(req: object, upload: Upload) {
    // The outcome is kept for GET /api/uploads/:id; the PATCH itself only says the bytes arrived.
    await uploads
      .finish(actorOf(req), parts.uploadId(upload.id), {
        size: upload.size,
        offset: upload.offset,
        metadata: upload.metadata,
      })
      .catch((err: unknown) => {
        if (!(err instanceof AppError && err.statusCode === 429)) throw err;
      });
    return {};
  }

  await app.register((scope, _opts, done) => {
    // The PATCH body is the upload's bytes: left unread for @tus/server to stream to its store.
    scope.addContentTypeParser("application/offset+octet-stream", (_req, _payload, done) => done(null));

    const protocol = async (req: FastifyRequest, reply: FastifyReply) => {
      const actor = await requireActor(req);
      refuseUnsendableHeaders(req);
      const request = new NodeRequest({ req: req.raw, res: reply.raw });
      actors.set(request, actor);
      const response = await tus.handleWeb(request);
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "content-type") reply.header(name, value);
      });
      const body = await response.text();
      if (body === "") return reply.send();
      reply.type("application/json; charset=utf-8");
      if (body.startsWith("{")) return reply.send(body);
      // The protocol's own refusals ("Invalid upload-metadata") get the shape of every other error.
      return reply.send(JSON.stringify({ code: "upload_protocol", message: body.trim() }));
    };
    const hidden = { schema: { hide: true } };
    scope.route({ method: ["POST", "OPTIONS"], url: RESUMABLE_UPLOAD_PATH, ...hidden, handler: protocol });
    scope.route({
      method: ["HEAD", "PATCH", "DELETE", "OPTIONS"],
      url: `${RESUMABLE_UPLOAD_PATH}/:id`,
      ...hidden,
      handler: protocol,
    });

    scope.withTypeProvider<ZodTypeProvider>().get(
      `${RESUMABLE_UPLOAD_PATH}/:id`,
      {
        exposeHeadRoute: false,
        schema: { params: resumableUploadParamsSchema, response: { 200: resumableUploadResultSchema } },
      },
      async (req) => uploads.result(await requireActor(req), req.params.id),
    );
    done();
  });
}
