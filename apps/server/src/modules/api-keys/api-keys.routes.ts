/**
 * POST/GET/DELETE /api/keys: a signed-in user's keys. Only a session manages keys: a request
 * that carries a key is refused here, so a leaked key cannot mint or revoke others.
 */
import {
  API_KEYS_PATH,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeyTexts,
} from "@poleatlas/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../../errors";
import type { RequireActor } from "../workspaces/actor";
import type { ApiKeysService } from "./api-keys.service";
import { apiKeyOf } from "./key-of-request";

export function apiKeysRoutes(
  app: FastifyInstance,
  deps: { service: ApiKeysService; requireSessionActor: RequireActor },
): void {
  const { service, requireSessionActor } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The signed-in caller and their cookie (the plugin reads the session from it). */
  const session = async (req: FastifyRequest) => {
    if (apiKeyOf(req) !== null) throw unauthorized(apiKeyTexts.notWithKey);
    const actor = await requireSessionActor(req);
    return { actor, cookie: req.headers.cookie ?? "" };
  };

  api.post(
    API_KEYS_PATH,
    { schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } } },
    async (req, reply) => {
      const { actor } = await session(req);
      return reply.status(201).send(await service.create(actor, req.body));
    },
  );

  api.get(API_KEYS_PATH, { schema: { response: { 200: apiKeyListSchema } } }, async (req) => {
    const { actor, cookie } = await session(req);
    return { keys: await service.list(actor.userId, cookie) };
  });

  api.delete(
    `${API_KEYS_PATH}/:id`,
    { schema: { params: apiKeyIdParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      const { actor, cookie } = await session(req);
      await service.revoke(actor, cookie, req.params.id);
      return reply.status(204).send(null);
    },
  );
}
