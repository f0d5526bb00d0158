/**
 * Whether the data on screen came from the service worker's copies rather than the server, and
 * why the server is out of reach: no network, or the server not answering (connectivity.ts). The
 * worker marks its copies with CACHED_AT_HEADER, and the API client reports every answer here.
 * The server reached again ends the offline state at once (the map's data is then asked afresh).
 */
import { CACHED_AT_HEADER } from "../../sw/routes";
import {
  getReachability,
  noteServerAnswered,
  noteServerUnreachable,
  onReconnect,
  subscribeReachability,
} from "./connectivity";

export interface OfflineStatus {
  offline: boolean;
  /** What cuts the app off: no network, or a server that does not answer; null when neither. */
  reason: "no-network" | "server-down" | null;
  /** When the oldest copy on screen was stored (ISO 8601), or null when none came from a copy. */
  cachedAt: string | null;
}

let cachedAt: string | null = null;
let status: OfflineStatus = compute();
const listeners = new Set<() => void>();

function compute(): OfflineStatus {
  const reach = getReachability();
  const reason = reach === "reachable" ? null : reach;
  return { offline: reason !== null || cachedAt !== null, reason, cachedAt };
}

function update(): void {
  const next = compute();
  if (next.offline === status.offline && next.reason === status.reason && next.cachedAt === status.cachedAt)
    return;
  status = next;
  for (const l of listeners) l();
}

/** Called with each answer to a GET: a copy's stamp, or null for a fresh answer. */
export function noteAnswer(stamp: string | null): void {
  if (stamp === null) {
    cachedAt = null;
    noteServerAnswered();
  } else {
    cachedAt = cachedAt !== null && cachedAt < stamp ? cachedAt : stamp;
    // The worker answered from its copy because the server could not be reached.
    noteServerUnreachable();
  }
  update();
}

export function noteResponse(res: Response): void {
  noteAnswer(res.headers.get(CACHED_AT_HEADER));
}

export function getOfflineStatus(): OfflineStatus {
  return status;
}

export function subscribeOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

subscribeReachability(update);
// Reached again: the copies on screen are about to be replaced, the banner goes now.
onReconnect(() => {
  cachedAt = null;
  update();
});
