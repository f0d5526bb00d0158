/** Resolves the caller's workspace and lists the ones they can switch to. */
import { strongestRole, workspaceTexts, type WorkspacesResponse } from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import type { RequireUser, SessionUser } from "../auth/session-user";
import { personalActor, type Actor } from "./actor";
import type { WorkspacesRepository } from "./workspaces.repository";

export function createWorkspacesService(deps: {
  repository: WorkspacesRepository;
  requireUser: RequireUser;
  /** The actor an API key on the request speaks for (null: no key, the session decides). */
  actorOfKey: (req: FastifyRequest) => Promise<Actor | null>;
}) {
  const { repository, requireUser, actorOfKey } = deps;

  async function actorOf(user: SessionUser): Promise<Actor> {
    const personal = personalActor(user.id, user.email);
    if (!user.activeOrganizationId) return personal;
    // Checked on every call: a member removed from the team loses it at once, session or not.
    const stored = await repository.roleIn(user.id, user.activeOrganizationId);
    if (stored === null) return personal;
    return { ...personal, workspaceId: user.activeOrganizationId, role: strongestRole(stored) };
  }

  return {
    requireActor: async (req: FastifyRequest): Promise<Actor> =>
      (await actorOfKey(req)) ?? actorOf(await requireUser(req)),

    /** The session's actor only: for what a key must never do (manage keys). */
    requireSessionActor: async (req: FastifyRequest): Promise<Actor> => actorOf(await requireUser(req)),

    async list(req: FastifyRequest): Promise<WorkspacesResponse> {
      const user = await requireUser(req);
      const actor = await actorOf(user);
      const personal = {
        id: user.id,
        kind: "personal" as const,
        name: workspaceTexts.personal,
        role: "owner" as const,
      };
      const teams = (await repository.teamsOf(user.id)).map((t) => ({
        id: t.id,
        kind: "team" as const,
        name: t.name,
        role: strongestRole(t.role),
      }));
      const workspaces = [personal, ...teams];
      return { active: workspaces.find((w) => w.id === actor.workspaceId) ?? personal, workspaces };
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
