/** Workspaces: who works where (the `RequireActor` seam every photo module receives), GET /api/workspaces. */
import { WORKSPACE_HEADER } from "@poleatlas/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../infra/db/database";
import type { RequireUser } from "../auth/session-user";
import type { Actor, RequireActor } from "./actor";
import { createWorkspacesRepository } from "./workspaces.repository";
import { workspacesRoutes } from "./workspaces.routes";
import { createWorkspacesService } from "./workspaces.service";

export function registerWorkspaces(
  app: FastifyInstance,
  deps: {
    db: Db;
    requireUser: RequireUser;
    actorOfKey: (req: FastifyRequest, opts?: { counted?: boolean }) => Promise<Actor | null>;
  },
): {
  requireActor: RequireActor;
  requireSessionActor: RequireActor;
  confirmCaller: (req: FastifyRequest) => Promise<void>;
} {
  const service = createWorkspacesService({
    repository: createWorkspacesRepository(deps.db),
    requireUser: deps.requireUser,
    actorOfKey: deps.actorOfKey,
  });
  workspacesRoutes(app, { service });
  // The same address answers for whichever workspace a tab names: a cache (the service worker's
  // offline copies) must keep one answer per workspace, not hand a team's to a Personal tab.
  app.addHook("onSend", async (req, reply) => {
    if (!req.routeOptions.url?.startsWith("/api/")) return;
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${String(vary)}, ${WORKSPACE_HEADER}` : WORKSPACE_HEADER);
  });
  return {
    requireActor: service.requireActor,
    requireSessionActor: service.requireSessionActor,
    confirmCaller: (req) => service.confirmCaller(req),
  };
}
