import { messages } from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import { unauthorized } from "../../errors";
import type { Auth } from "./auth";

/** Who is calling, as every module needs it. The auth module provides the implementation. */
export interface SessionUser {
  id: string;
  email: string;
  /** The team the session works in (better-auth's organization plugin); null = personal. */
  activeOrganizationId: string | null;
}

/** Resolves the caller's session or throws AppError 401 'User not authenticated'. */
export type RequireUser = (req: FastifyRequest) => Promise<SessionUser>;

/** The session comes from the request's cookie alone; a revoked or expired session is a 401. */
export function createRequireUser(auth: Auth): RequireUser {
  return async (req) => {
    const cookie = req.headers.cookie;
    if (!cookie) throw unauthorized(messages.notAuthenticated);
    const found = await auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!found) throw unauthorized(messages.notAuthenticated);
    return {
      id: found.user.id,
      email: found.user.email,
      activeOrganizationId: found.session.activeOrganizationId ?? null,
    };
  };
}
