/**
 * A sign-out the server has not confirmed yet (Logout while offline). The session cookie is
 * HttpOnly, so the app cannot drop it itself: until the server ends the session, this device
 * keeps a mark in localStorage, and every start, reconnect and sign-in first asks the server to
 * sign out. The devices are shared: the next person must not open the previous user's map.
 */
const KEY = "poleatlas.sign-out-pending";

const listeners = new Set<() => void>();
let memoryMark = false;

/** Whether a sign-out waits for the server (kept in memory too where storage is off). */
export function signOutPending(): boolean {
  try {
    return memoryMark || localStorage.getItem(KEY) !== null;
  } catch {
    return memoryMark;
  }
}

export function setSignOutPending(pending: boolean): void {
  memoryMark = pending;
  try {
    if (pending) localStorage.setItem(KEY, new Date().toISOString());
    else localStorage.removeItem(KEY);
  } catch {
    // storage off: the mark lives as long as this page
  }
  for (const l of listeners) l();
}

export function subscribeSignOutPending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
