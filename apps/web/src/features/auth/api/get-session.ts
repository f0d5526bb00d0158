/**
 * The current user is server data: it lives in TanStack Query under one key. Same-origin calls:
 * the session is an HttpOnly cookie the browser sends by itself.
 */
import { sessionUserSchema, type AuthUser } from "@poleatlas/shared";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiClient } from "../../../lib/api-client";
import { lastUser, sessionConfirmed } from "../../../lib/offline/user-data";
import { signOutPending } from "../lib/pending-sign-out";
import { finishPendingSignOut } from "./sign-out";

/** get-session answers `null` without a session. */
const sessionSchema = z.object({ user: sessionUserSchema }).nullable();

/**
 * With no network, the last user this device saw signed in (installable app): the map
 * then shows that user's data kept by the service worker. Any answer from the server replaces it.
 * After a Logout the server has not confirmed, nobody.
 */
export async function fetchSessionUser(): Promise<AuthUser | null> {
  // A Logout the server has not heard of yet comes first: until it has, nobody is signed in here.
  if (signOutPending() && !(await finishPendingSignOut())) return null;
  let session: z.infer<typeof sessionSchema>;
  try {
    session = await apiClient.get("/api/auth/get-session", sessionSchema);
  } catch (e) {
    const offlineUser = e instanceof ApiError && e.status === 0 ? lastUser() : null;
    if (offlineUser) return offlineUser;
    throw e;
  }
  const user = session ? { id: session.user.id, email: session.user.email } : null;
  await sessionConfirmed(user);
  return user;
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
