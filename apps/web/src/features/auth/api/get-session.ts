/**
 * The current user is server data: it lives in TanStack Query under one key. Same-origin calls:
 * the session is an HttpOnly cookie the browser sends by itself.
 */
import { sessionUserSchema, type AuthUser } from "@poleatlas/shared";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api-client";

/** get-session answers `null` without a session. */
const sessionSchema = z.object({ user: sessionUserSchema }).nullable();

export async function fetchSessionUser(): Promise<AuthUser | null> {
  const session = await apiClient.get("/api/auth/get-session", sessionSchema);
  return session ? { id: session.user.id, email: session.user.email } : null;
}

export const sessionQueryKey = ["auth", "session"] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSessionUser,
  staleTime: 60_000,
  // Coming back to the tab re-reads the session: a sign-out elsewhere shows at once.
  refetchOnWindowFocus: true,
  retry: 1,
});
