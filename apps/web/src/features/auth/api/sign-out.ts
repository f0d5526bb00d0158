import { z } from "zod";
import { ApiError, apiClient } from "../../../lib/api-client";
import { setSignOutPending, signOutPending } from "../lib/pending-sign-out";

export async function signOutSession(): Promise<void> {
  await apiClient.post("/api/auth/sign-out", {}, z.unknown());
}

/**
 * Whether a sign-out call that threw still leaves no session: the server answered and refused it
 * (a 4xx: no session to end). Unreachable (0), busy (429) or failing (5xx) servers may still hold it.
 */
export const sessionGoneAnyway = (e: unknown) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429;

/**
 * Ends the session a Logout left to the server, if one is pending. True when none is left; false
 * while the server cannot end it, so the mark stays and the device stays signed out.
 */
export async function finishPendingSignOut(): Promise<boolean> {
  if (!signOutPending()) return true;
  try {
    await signOutSession();
  } catch (e) {
    if (!sessionGoneAnyway(e)) return false;
  }
  setSignOutPending(false);
  return true;
}
