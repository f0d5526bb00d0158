/** Resolves the caller's workspace and lists the ones they can switch to. */
import {
  messages,
  strongestRole,
  WORKSPACE_HEADER,
  workspaceTexts,
  type WorkspacesResponse,
} from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors";
import type { RequireUser, SessionUser } from "../auth/session-user";
import { personalActor, type Actor } from "./actor";
import type { WorkspacesRepository } from "./workspaces.repository";

/** The request's X-Workspace-Id, if it sent one (a repeated header counts as one, unknown, id). */
function namedWorkspace(req: FastifyRequest): string | undefined {
  const value = req.headers[WORKSPACE_HEADER];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(",") : value).trim();
}

export function createWorkspacesService(deps: {
  repository: WorkspacesRepository;
  requireUser: RequireUser;
  /** The actor an API key on the request speaks for (null: no key, the session decides). */
  actorOfKey: (req: FastifyRequest, opts?: { counted?: boolean }) => Promise<Actor | null>;
}) {
  const { repository, requireUser, actorOfKey } = deps;

  /**
   * The workspace the request names (X-Workspace-Id: each tab of the web app keeps its own), else
   * the session's active one. A named workspace the user is not a member of is refused, the same
   * for a team that does not exist, so the answer tells nothing about other teams.
   */
  async function actorOf(user: SessionUser, named?: string): Promise<Actor> {
    const personal = personalActor(user.id, user.email);
    if (named !== undefined) {
      if (named === user.id) return personal;
      const role = named === "" ? null : await repository.roleIn(user.id, named);
      if (role === null) throw new AppError(403, "not_a_member", messages.notAMember);
      return { ...personal, workspaceId: named, role: strongestRole(role) };
    }
    if (!user.activeOrganizationId) return personal;
    // Checked on every call: a member removed from the team loses it at once, session or not.
    const stored = await repository.roleIn(user.id, user.activeOrganizationId);
    if (stored === null) return personal;
    return { ...personal, workspaceId: user.activeOrganizationId, role: strongestRole(stored) };
  }

  return {
    requireActor: async (req: FastifyRequest): Promise<Actor> =>
      (await actorOfKey(req)) ?? actorOf(await requireUser(req), namedWorkspace(req)),

    /**
     * Whether the request's key, or else its session, still holds (401 when not): what an open
     * stream asks again and again, without counting against the key's calls.
     */
    async confirmCaller(req: FastifyRequest): Promise<void> {
      if ((await actorOfKey(req, { counted: false })) === null) await requireUser(req);
    },

    /** The session's actor only: for what a key must never do (manage keys). */
    requireSessionActor: async (req: FastifyRequest): Promise<Actor> =>
      actorOf(await requireUser(req), namedWorkspace(req)),

    async list(req: FastifyRequest): Promise<WorkspacesResponse> {
      const user = await requireUser(req);
      const actor = await actorOf(user, namedWorkspace(req));
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
        owner_email: t.owner_email,
        created_on: t.created_on,
      }));
      const workspaces = [personal, ...teams];
      return { active: workspaces.find((w) => w.id === actor.workspaceId) ?? personal, workspaces };
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
