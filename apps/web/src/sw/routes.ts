/**
 * What the service worker does with each request, as pure rules (unit-tested without a worker).
 * The page imports the names too; the worker is built as its own classic script
 * (vite/service-worker-plugin.ts) with its own copy, so nothing here may import app code.
 */

/** Every cache of ours starts with this; anything else in CacheStorage is left alone. */
export const CACHE_PREFIX = "poleatlas-";
/** The precached app shell of one build: `poleatlas-shell-<build id>`. */
export const SHELL_CACHE_PREFIX = `${CACHE_PREFIX}shell-`;
/** Cesium's workers, textures and offline imagery of one Cesium version. */
export const CESIUM_CACHE_PREFIX = `${CACHE_PREFIX}cesium-`;
/** The signed-in user's last answers (regions, poles, photos, thumbnails): cleared on sign-out. */
export const DATA_CACHE = `${CACHE_PREFIX}data`;
/**
 * The most answers DATA_CACHE keeps (the newest; a thumbnail is ~15 kB, so about 15 MB): every
 * pole and photo opened is kept, and a day's work must not fill the phone.
 */
export const DATA_CACHE_MAX_ENTRIES = 1000;
/** Set on an answer the worker gave from DATA_CACHE because the network failed: when it was stored. */
export const CACHED_AT_HEADER = "x-poleatlas-cached-at";
/** The page's message asking the worker to drop DATA_CACHE (and ignore answers still in flight). */
export const CLEAR_DATA_MESSAGE = "poleatlas:clear-data";
/**
 * The page's message to a worker that has just taken it over for the first time: `urls` are what
 * the page loaded before (regions, usage, thumbnails, Cesium's files…), which went past the
 * worker; it keeps those it would have kept, so the first visit works offline as well as later ones.
 */
export const KEEP_LOADED_MESSAGE = "poleatlas:keep-loaded";
export interface KeepLoadedMessage {
  type: typeof KEEP_LOADED_MESSAGE;
  urls: string[];
}

/** At most this many addresses are fetched again for one page (the newest Cesium tiles last). */
export const KEEP_LOADED_MAX = 400;

export function isKeepLoadedMessage(data: unknown): data is KeepLoadedMessage {
  if (typeof data !== "object" || data === null) return false;
  const { type, urls } = data as Partial<KeepLoadedMessage>;
  return type === KEEP_LOADED_MESSAGE && Array.isArray(urls) && urls.every((u) => typeof u === "string");
}

/**
 * Of the addresses a page loaded, those the worker keeps (its own data and Cesium's files), each
 * once, by the cache they go to; the rest (auth, other origins, full photos, the shell, which is
 * precached) are left alone.
 */
export function loadedToKeep(
  urls: readonly string[],
  origin: string,
  precached: ReadonlySet<string>,
): { data: URL[]; cesium: URL[] } {
  const data = new Map<string, URL>();
  const cesium = new Map<string, URL>();
  for (const href of urls) {
    let url: URL;
    try {
      url = new URL(href, origin);
    } catch {
      continue;
    }
    url.hash = "";
    const strategy = strategyFor({ method: "GET", url, origin, mode: "cors" }, precached);
    if (strategy === "data") data.set(url.href, url);
    else if (strategy === "cesium") cesium.set(url.href, url);
  }
  // The map's data first: it is what a reload offline needs most.
  const all = [...data.values(), ...cesium.values()].slice(0, KEEP_LOADED_MAX);
  return { data: all.filter((u) => data.has(u.href)), cesium: all.filter((u) => cesium.has(u.href)) };
}

/** The app shell's page, answered to every navigation when the network is down. */
export const SHELL_PAGE = "/index.html";

export type Strategy =
  /** Left to the browser: the worker does not answer it (auth, writes, other origins…). */
  | "network"
  /** A page load: the network, else the precached shell page. */
  | "navigate"
  /** A file of this build: the precache, else the network. */
  | "shell"
  /** Cesium's static files: the cache, else the network (then kept). */
  | "cesium"
  /** The user's data: the network (then kept), else the last answer kept. */
  | "data";

export interface RequestFacts {
  method: string;
  url: URL;
  /** The worker's own origin. */
  origin: string;
  /** Request.mode: "navigate" for page loads. */
  mode: string;
}

const DATA_PATHS_WITH_REGION = new Set(["/api/poles", "/api/images"]);
/**
 * One pole with its photos, and one photo's record: what the panel of a selected photo is built
 * from, so an offline reload with ?photo= still shows it.
 */
const ONE_POLE_OR_PHOTO = /^\/api\/(?:poles|images)\/[^/]+$/;
/** Also kept, so the sidebar (storage card, team menu) reads as it did rather than as errors. */
const DATA_PATHS = new Set(["/api/regions", "/api/storage/usage", "/api/workspaces"]);

export function strategyFor(
  { method, url, origin, mode }: RequestFacts,
  precached: ReadonlySet<string>,
): Strategy {
  if (method !== "GET" || url.origin !== origin) return "network";
  const path = url.pathname;
  // Sessions and sign-in never go near a cache, whatever else matches below.
  if (path === "/api/auth" || path.startsWith("/api/auth/")) return "network";
  if (mode === "navigate") {
    const server = path.startsWith("/api/") || path.startsWith("/files/") || path.startsWith("/dev/");
    return server ? "network" : "navigate";
  }
  if (DATA_PATHS.has(path) && url.search === "") return "data";
  if (DATA_PATHS_WITH_REGION.has(path) && isRegionQuery(url.searchParams)) return "data";
  if (ONE_POLE_OR_PHOTO.test(path) && url.search === "") return "data";
  if (path === "/api/findings" && isMyWorkQuery(url.searchParams)) return "data";
  // Thumbnails only: a full photo can be tens of MB and is not needed to find one's way offline.
  if (path.startsWith("/files/") && path.includes("/thumbnails/")) return "data";
  if (path.startsWith("/cesium/")) return "cesium";
  if (precached.has(path) && url.search === "") return "shell";
  return "network";
}

/**
 * "My work"'s first page (the phone's cards): a crew member opens it again where there is no
 * signal. Later pages and other filters are not kept.
 */
function isMyWorkQuery(params: URLSearchParams): boolean {
  return params.get("assignee") === "me" && !params.has("cursor");
}

function isRegionQuery(params: URLSearchParams): boolean {
  const keys = [...params.keys()];
  return keys.length === 1 && keys[0] === "region";
}

/** Vite's hashed output: the same name always holds the same bytes, so any build's copy will do. */
export function isHashedAsset(path: string): boolean {
  return path.startsWith("/assets/");
}

/** The caches a new build's worker deletes when it takes over: other builds' shells, other Cesiums'. */
export function staleCaches(names: readonly string[], shellCache: string, cesiumCache: string): string[] {
  return names.filter(
    (n) =>
      (n.startsWith(SHELL_CACHE_PREFIX) && n !== shellCache) ||
      (n.startsWith(CESIUM_CACHE_PREFIX) && n !== cesiumCache),
  );
}

/** The oldest of a cache's keys (CacheStorage lists them oldest first) beyond the newest `max`. */
export function beyondNewest<T>(keys: readonly T[], max: number): T[] {
  return keys.slice(0, Math.max(0, keys.length - max));
}

/** The server says the thing is not there (deleted) or not the user's (left the team): forget it. */
export function dropsKeptCopy(status: number): boolean {
  return status === 404 || status === 403 || status === 401;
}

/** The header each request of a tab names its workspace by (the shared WORKSPACE_HEADER). */
export const WORKSPACE_REQUEST_HEADER = "x-workspace-id";

/**
 * Of the kept requests for one address (answers vary by workspace), the one whose answer may
 * stand in for a request naming `workspace`: the same workspace's, else one asked before the tab
 * named its workspace (the session's active one, where a tab starts). Never another named one.
 */
export function keptForWorkspace<T extends { headers: { get(name: string): string | null } }>(
  kept: readonly T[],
  workspace: string | null,
): T | undefined {
  const named = (k: T) => k.headers.get(WORKSPACE_REQUEST_HEADER);
  return kept.find((k) => named(k) === workspace) ?? kept.find((k) => named(k) === null);
}
