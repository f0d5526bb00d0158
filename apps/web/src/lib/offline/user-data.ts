/**
 * The signed-in user's data kept on this device for offline use: the service worker's DATA_CACHE
 * and the last user (id and e-mail) in localStorage, so /map can open with no network. Both go on
 * sign-out, when the session is found gone, and when another user signs in, with whatever features
 * keep of the user in memory.
 */
import type { AuthUser } from "@poleatlas/shared";
import { CLEAR_DATA_MESSAGE, DATA_CACHE } from "../../sw/routes";

const LAST_USER_KEY = "poleatlas.offline-user";

/** The last user whose session the server confirmed on this device, if any. */
export function lastUser(): AuthUser | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object" && "id" in parsed && "email" in parsed) {
      const { id, email } = parsed;
      if (typeof id === "string" && typeof email === "string") return { id, email };
    }
  } catch {
    // storage off or unreadable: no offline user
  }
  return null;
}

/**
 * The server's word on the session: a different user (or none) than last time drops the data
 * kept for the last one before anything of the new session is cached.
 */
export async function sessionConfirmed(user: AuthUser | null): Promise<void> {
  const previous = lastUser();
  if (previous && previous.id !== user?.id) await clearUserData();
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify({ id: user.id, email: user.email }));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // storage off: the app still works online
  }
}

/** What features keep of the user in memory only (unsaved note drafts): forgotten with the rest. */
const inMemory = new Set<() => void>();

/** Registers `forget` to run whenever the user's data is dropped (sign-out, another user). */
export function forgetWithUserData(forget: () => void): void {
  inMemory.add(forget);
}

/** Drops everything kept for the user: the worker's copies (in flight ones too) and the last user. */
export async function clearUserData(): Promise<void> {
  for (const forget of inMemory) forget();
  try {
    localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // storage off: nothing stored
  }
  await clearWorkspaceData();
}

/**
 * Drops the worker's copies (in flight ones too), keeping the user: after a workspace switch. The
 * copies are kept by address, and the same address (a region, /api/regions) answers for whichever
 * workspace is active, so an offline reload would show the old one's photos as the new one's.
 */
export async function clearWorkspaceData(): Promise<void> {
  if (typeof navigator !== "undefined" && "serviceWorker" in navigator) {
    navigator.serviceWorker.controller?.postMessage(CLEAR_DATA_MESSAGE);
  }
  if (typeof caches !== "undefined") await caches.delete(DATA_CACHE);
}
