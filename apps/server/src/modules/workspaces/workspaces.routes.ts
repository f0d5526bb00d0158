import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { workspacesResponseSchema } from "@poleatlas/shared";
import type { WorkspacesService } from "./workspaces.service";

/** The caller's workspaces; switching is better-auth's /api/auth/organization/set-active. */
export function workspacesRoutes(app: FastifyInstance, deps: { service: WorkspacesService }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/workspaces", { schema: { response: { 200: workspacesResponseSchema } } }, (req) =>
      deps.service.list(req),
    );
}
