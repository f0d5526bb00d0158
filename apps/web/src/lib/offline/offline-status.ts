/**
 * Whether the data on screen came from the service worker's copies rather than the server: the
 * worker marks such answers with CACHED_AT_HEADER, and the API client reports every answer here.
 * A fresh answer from the server ends the offline state; the browser's own offline flag starts it.
 */
import { CACHED_AT_HEADER } from "../../sw/routes";

export interface OfflineStatus {
  offline: boolean;
  /** When the oldest copy on screen was stored (ISO 8601), or null when none came from a copy. */
  cachedAt: string | null;
}

let status: OfflineStatus = { offline: false, cachedAt: null };
let browserOffline = typeof navigator !== "undefined" && navigator.onLine === false;
const listeners = new Set<() => void>();

function set(next: OfflineStatus) {
  if (next.offline === status.offline && next.cachedAt === status.cachedAt) return;
  status = next;
  for (const l of listeners) l();
}

/** Called with each answer to a GET: a copy's stamp, or null for a fresh answer. */
export function noteAnswer(cachedAt: string | null): void {
  if (cachedAt === null) {
    set({ offline: browserOffline, cachedAt: browserOffline ? status.cachedAt : null });
    return;
  }
  const oldest = status.cachedAt !== null && status.cachedAt < cachedAt ? status.cachedAt : cachedAt;
  set({ offline: true, cachedAt: oldest });
}

export function noteResponse(res: Response): void {
  noteAnswer(res.headers.get(CACHED_AT_HEADER));
}

export function noteBrowserOnline(online: boolean): void {
  browserOffline = !online;
  set({ offline: browserOffline || status.cachedAt !== null, cachedAt: status.cachedAt });
}

export function getOfflineStatus(): OfflineStatus {
  return status;
}

export function subscribeOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => noteBrowserOnline(true));
  window.addEventListener("offline", () => noteBrowserOnline(false));
}
