/**
 * GET/PUT /api/workspace/settings: the active workspace's settings. PUT takes only the fields it
 * changes and answers the whole settings object.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { privacySettingsSchema, privacySettingsUpdateSchema } from "@poleatlas/shared";
import type { RequireActor } from "../workspaces/actor";
import type { PrivacySettingsService } from "./privacy-settings.service";

export function settingsRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; privacy: PrivacySettingsService },
): void {
  const { requireActor, privacy } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/api/workspace/settings", { schema: { response: { 200: privacySettingsSchema } } }, async (req) =>
    privacy.get(await requireActor(req)),
  );
  api.put(
    "/api/workspace/settings",
    { schema: { body: privacySettingsUpdateSchema, response: { 200: privacySettingsSchema } } },
    async (req) => privacy.update(await requireActor(req), req.body),
  );
}
