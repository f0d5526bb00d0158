/**
 * Who is calling and in which workspace: what every photo, pole, region and usage call reads and
 * writes. The request's X-Workspace-Id decides (a workspace the user is a member of, else 403);
 * without it the session's active organization (better-auth); none, or one the user is not a
 * member of any more, is the personal workspace.
 */
import type { WorkspaceRole } from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";

export interface Actor {
  userId: string;
  email: string;
  /** The user's own id (personal) or the organization's id (team). */
  workspaceId: string;
  role: WorkspaceRole;
  /** Set when the call was made with an API key (its role is then capped by the key's scope). */
  apiKey?: { id: string; name: string };
}

export type RequireActor = (req: FastifyRequest) => Promise<Actor>;

/** The user in their own workspace, where they own everything. */
export const personalActor = (userId: string, email: string): Actor => ({
  userId,
  email,
  workspaceId: userId,
  role: "owner",
});

/**
 * A key speaks for its own workspace and nothing else: a workspace that is not the key's is out
 * of its reach, even one its user is a member of (what a session could open).
 */
export const beyondKey = (actor: Actor, workspaceId: string): boolean =>
  actor.apiKey !== undefined && workspaceId !== actor.workspaceId;
