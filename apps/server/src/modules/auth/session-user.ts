import type { FastifyRequest } from "fastify";

/** Who is calling, as every module needs it. The auth module provides the implementation. */
export interface SessionUser {
  id: string;
  email: string;
}

/** Resolves the caller's session or throws AppError 401 'User not authenticated'. */
export type RequireUser = (req: FastifyRequest) => Promise<SessionUser>;
