/**
 * Whether the server can be reached, and the moment it can again. Two ways to be cut off are told
 * apart: no network (the browser says it is offline) and a server that does not answer (the
 * network is up, the request gets no answer or a gateway error). While cut off, GET /api/health
 * is asked with a growing pause (1 s, 2 s, 4 s … 15 s); the browser's 'online' event, any answer
 * from the server, or a probe that gets through ends it at once, and whatever waited (the upload
 * queue, the map's data, the offline banner) hears of it then, not at its next timer.
 */
export type Reachability = "reachable" | "no-network" | "server-down";

export const PROBE_FIRST_MS = 1000;
export const PROBE_MAX_MS = 15_000;
export const HEALTH_URL = "/api/health";

let state: Reachability = "reachable";
let pause = PROBE_FIRST_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();

const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

function set(next: Reachability): void {
  if (next === state) return;
  const wasCutOff = state !== "reachable";
  state = next;
  for (const l of listeners) l();
  if (wasCutOff && next === "reachable") for (const l of backListeners) l();
}

function stopProbing(): void {
  clearTimeout(timer);
  timer = undefined;
  pause = PROBE_FIRST_MS;
}

function scheduleProbe(): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    void probe();
  }, pause);
  pause = Math.min(pause * 2, PROBE_MAX_MS);
}

/** Asks the server's health route once; the answer decides the state. */
export async function probe(): Promise<void> {
  let ok: boolean;
  try {
    const res = await fetch(HEALTH_URL, { cache: "no-store", credentials: "same-origin" });
    ok = res.ok;
  } catch {
    ok = false;
  }
  if (ok) noteServerAnswered();
  else noteServerUnreachable();
}

/** A request got no answer (status 0), or a gateway's 502/503/504: cut off, and probing. */
export function noteServerUnreachable(): void {
  set(browserOffline() ? "no-network" : "server-down");
  scheduleProbe();
}

/** The server answered (any fresh answer of ours): reachable again, if it was not. */
export function noteServerAnswered(): void {
  stopProbing();
  set("reachable");
}

/** The browser's own online/offline events. */
export function noteBrowserOnline(online: boolean): void {
  if (online) {
    // Sent at once: the queue and the map try now, and say so if the server is still away.
    noteServerAnswered();
    void probe();
  } else {
    set("no-network");
    scheduleProbe();
  }
}

export function getReachability(): Reachability {
  return state;
}

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `listener` each time the server can be reached again after being cut off. */
export function onReconnect(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

/** Back to the start (tests). */
export function resetReachability(): void {
  stopProbing();
  state = "reachable";
}

if (typeof window !== "undefined") {
  if (browserOffline()) noteBrowserOnline(false);
  window.addEventListener("online", () => noteBrowserOnline(true));
  window.addEventListener("offline", () => noteBrowserOnline(false));
}
