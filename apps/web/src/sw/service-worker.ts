/**
 * The service worker: the app shell of this build precached, Cesium's static files and
 * offline imagery kept once fetched, and the signed-in user's regions, poles, photos and
 * thumbnails answered from the network first, from their last copy when the network is down.
 * Built by vite/service-worker-plugin.ts into dist/sw.js, which defines the three constants.
 */
import {
  CACHED_AT_HEADER,
  CESIUM_CACHE_PREFIX,
  CLEAR_DATA_MESSAGE,
  DATA_CACHE,
  DATA_CACHE_MAX_ENTRIES,
  SHELL_CACHE_PREFIX,
  SHELL_PAGE,
  isHashedAsset,
  staleCaches,
  strategyFor,
  beyondNewest,
  dropsKeptCopy,
  isKeepLoadedMessage,
  loadedToKeep,
  keptForWorkspace,
  WORKSPACE_REQUEST_HEADER,
} from "./routes";

declare const __SW_PRECACHE__: string[];
declare const __SW_BUILD_ID__: string;
declare const __SW_CESIUM_VERSION__: string;

// The DOM lib has no service-worker types, and the WebWorker lib clashes with it in one project.
interface SwExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface SwMessageEvent extends SwExtendableEvent {
  readonly data: unknown;
}
interface SwScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (e: SwExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (e: SwFetchEvent) => void): void;
  addEventListener(type: "message", listener: (e: SwMessageEvent) => void): void;
}

const sw = self as unknown as SwScope;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SW_BUILD_ID__}`;
const CESIUM_CACHE = `${CESIUM_CACHE_PREFIX}${__SW_CESIUM_VERSION__}`;
const PRECACHED = new Set(__SW_PRECACHE__);
/** Bumped by each clear: an answer fetched before a sign-out must not land in the next user's cache. */
let dataEpoch = 0;

sw.addEventListener("install", (event) => {
  // A new build takes over at once: pages load index.html from the network first, so the only
  // page that can still run the old build is one already open, and the app offers it a reload.
  event.waitUntil(precache().then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(staleCaches(names, SHELL_CACHE, CESIUM_CACHE).map((n) => caches.delete(n)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  if (isKeepLoadedMessage(event.data)) {
    event.waitUntil(keepLoaded(event.data.urls));
    return;
  }
  if (event.data !== CLEAR_DATA_MESSAGE) return;
  dataEpoch += 1;
  event.waitUntil(caches.delete(DATA_CACHE));
});

/**
 * What the page loaded before this worker controlled it, kept as if it had come through: the
 * data asked again (a few small answers), Cesium's files from the browser's HTTP cache.
 */
async function keepLoaded(urls: string[]): Promise<void> {
  const epoch = dataEpoch;
  const { data, cesium } = loadedToKeep(urls, sw.location.origin, PRECACHED);
  for (const url of data) {
    if (await caches.match(url.href, { cacheName: DATA_CACHE })) continue;
    try {
      const res = await fetch(new Request(url.href, { credentials: "same-origin" }));
      if (res.status === 200 && res.type === "basic") await keepData(new Request(url.href), res, epoch);
    } catch {
      // Gone offline meanwhile: kept the next time the page asks for it.
    }
  }
  const cache = await caches.open(CESIUM_CACHE);
  for (const url of cesium) {
    if (await cache.match(url.href)) continue;
    try {
      const res = await fetch(new Request(url.href, { cache: "default", credentials: "same-origin" }));
      if (res.ok && res.type === "basic") await cache.put(url.href, res);
    } catch {
      // as above
    }
  }
}

sw.addEventListener("fetch", (event) => {
  const req = event.request;
  const strategy = strategyFor(
    { method: req.method, url: new URL(req.url), origin: sw.location.origin, mode: req.mode },
    PRECACHED,
  );
  if (strategy === "navigate") event.respondWith(navigate(req));
  else if (strategy === "shell") event.respondWith(fromShell(req));
  else if (strategy === "cesium") event.respondWith(cacheFirst(req, event));
  else if (strategy === "data") event.respondWith(networkFirst(req, event));
});

async function precache(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    __SW_PRECACHE__.map(async (path) => {
      // Hashed files already fetched by an earlier build, or by the page from the HTTP cache,
      // need not travel again (the globe chunk alone is megabytes); the others must be fresh.
      const hashed = isHashedAsset(path);
      const earlier = hashed ? await caches.match(path) : undefined;
      if (earlier) return cache.put(path, earlier);
      const res = await fetch(
        new Request(path, { cache: hashed ? "default" : "reload", credentials: "same-origin" }),
      );
      if (!res.ok) throw new Error(`precache ${path}: ${res.status}`);
      return cache.put(path, res);
    }),
  );
}

async function navigate(req: Request): Promise<Response> {
  try {
    return await fetch(req);
  } catch (err) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw err;
  }
}

async function fromShell(req: Request): Promise<Response> {
  return (await caches.match(req, { cacheName: SHELL_CACHE })) ?? fetch(req);
}

async function cacheFirst(req: Request, event: SwExtendableEvent): Promise<Response> {
  const hit = await caches.match(req, { cacheName: CESIUM_CACHE });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok && res.type === "basic") {
    const copy = res.clone();
    event.waitUntil(caches.open(CESIUM_CACHE).then((c) => c.put(req, copy)));
  }
  return res;
}

async function networkFirst(req: Request, event: SwExtendableEvent): Promise<Response> {
  const epoch = dataEpoch;
  let res: Response;
  try {
    res = await fetch(req);
  } catch (err) {
    const kept = await keptAnswer(req);
    if (kept) return kept;
    throw err;
  }
  // Only our own complete answers: not a redirect to a bucket, not an error page.
  if (res.status === 200 && res.type === "basic") {
    event.waitUntil(keepData(req, res.clone(), epoch));
  } else if (dropsKeptCopy(res.status)) {
    // An offline reload must not bring back a photo deleted since, or a team left.
    event.waitUntil(caches.open(DATA_CACHE).then((c) => c.delete(req)));
  }
  return res;
}

/**
 * The last answer kept for this request. Answers vary by the tab's workspace header, and the
 * first load asks before the tab knows its workspace: such a copy is the session's workspace,
 * where the tab started, so it stands in when no copy names the tab's workspace.
 */
async function keptAnswer(req: Request): Promise<Response | undefined> {
  const cache = await caches.open(DATA_CACHE);
  const kept = await cache.keys(req, { ignoreVary: true });
  const key = keptForWorkspace(kept, req.headers.get(WORKSPACE_REQUEST_HEADER));
  return key ? cache.match(key, { ignoreVary: true }) : undefined;
}

/** Stores a data answer with the time it was stored, unless the data was cleared meanwhile. */
async function keepData(req: Request, res: Response, epoch: number): Promise<void> {
  const stamped = await withCachedAt(res, new Date().toISOString());
  if (epoch !== dataEpoch) return;
  const cache = await caches.open(DATA_CACHE);
  await cache.put(req, stamped);
  // put() moves an answer to the end, so the first keys are the least recently stored.
  for (const old of beyondNewest(await cache.keys(), DATA_CACHE_MAX_ENTRIES)) await cache.delete(old);
}

async function withCachedAt(res: Response, at: string): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set(CACHED_AT_HEADER, at);
  return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers });
}
