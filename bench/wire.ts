/**
 * 5. Wire: what a first visit costs over a slow link. A cold Chromium (cache disabled, its network
 * emulation at 10 Mbit/s down and 40 ms latency, upload not throttled) opens `/login` until its
 * form is shown, and `/map` signed in (a user with photos in REGIONS regions) until the regions are
 * drawn (the test build's globe hook: its region markers are there, the signal the globe bench
 * and the e2e tests use).
 *
 * Bytes on the wire: the sum of CDP Network.loadingFinished encodedDataLength (headers and body,
 * read through Playwright's request.sizes(), which also sees the workers' requests,
 * as they crossed the wire, compressed if the server compressed) of every request the page
 * started before it was ready; requests still running then are waited for and counted, later ones
 * (e.g. imagery tiles of a later frame) are not. Time: from navigation to ready, under the link.
 *
 * Setup: the web test build (apps/web/dist-test; WEB_DIST_DIR picks another) served by the built
 * server on 127.0.0.1, the system Chromium with the e2e flags. Median of `runs` page loads, each in
 * a fresh browser context.
 */
import type { BrowserContext, CDPSession, Page, Request } from "@playwright/test";
import { smokeDatabaseEnv } from "./lib/bench-server";
import { launchChromium } from "./lib/chromium";
import { benchServerEnv, signedInClient, switchBlurringOff, type Client } from "./lib/client";
import { noisyJpeg } from "./lib/photos";
import { startBrowserBenchServer } from "./lib/server";

const LINK = { downloadMbit: 10, latencyMs: 40 };
const REGIONS = 3;
const VIEWPORT = { width: 1280, height: 800 };

export interface PageLoad {
  /** Bytes on the wire before ready, KB (1,000 bytes). */
  kb: number;
  ms: number;
  requests: number;
  /** The largest transfers, for finding what to shrink. */
  largest: { url: string; kb: number; encoding: string }[];
}

export interface WireResult {
  link: typeof LINK;
  runs: number;
  loginKB: number;
  loginMs10Mbit: number;
  mapKB: number;
  mapMs10Mbit: number;
  login: PageLoad[];
  map: PageLoad[];
  targets: { loginKB: number; mapKB: number; mapMs10Mbit: number; met: boolean };
}

interface Transfer {
  url: string;
  started: number;
  bytes?: number;
  encoding: string;
}

/** Watches the page's requests through CDP with the cache off and the link emulated. */
async function throttled(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const conditions = {
    offline: false,
    latency: LINK.latencyMs,
    downloadThroughput: (LINK.downloadMbit * 1_000_000) / 8,
    uploadThroughput: -1,
  };
  await cdp.send("Network.emulateNetworkConditions", conditions);
  const transfers = new Map<Request, Transfer>();
  // Playwright reports the page's and its workers' requests (Cesium loads scripts from inside its
  // workers) and reads their sizes from CDP's Network.loadingFinished encodedDataLength.
  context.on("request", (r) => transfers.set(r, { url: r.url(), started: performance.now(), encoding: "" }));
  context.on("requestfinished", (r) => {
    void (async () => {
      const t = transfers.get(r);
      if (!t) return;
      // One at a time: a promise started beside a failing await would reject unhandled.
      const headers = await (await r.response())?.allHeaders();
      const sizes = await r.sizes();
      t.encoding = headers?.["content-encoding"] ?? "identity";
      t.bytes = sizes.responseHeadersSize + sizes.responseBodySize;
    })().catch(() => {
      // Finished as the context closed (after ready, so not counted): nothing left to read.
      const t = transfers.get(r);
      if (t && t.bytes === undefined) t.bytes = 0;
    });
  });
  context.on("requestfailed", (r) => {
    const t = transfers.get(r);
    if (t) t.bytes = 0;
  });
  // The same link for workers; attached in the (older) non-flat mode, through this session.
  let id = 0;
  const toWorker = (sessionId: string, method: string, params: object = {}) =>
    cdp.send("Target.sendMessageToTarget", {
      sessionId,
      message: JSON.stringify({ id: ++id, method, params }),
    });
  cdp.on("Target.attachedToTarget", (e) => {
    void (async () => {
      await toWorker(e.sessionId, "Network.enable");
      await toWorker(e.sessionId, "Network.setCacheDisabled", { cacheDisabled: true });
      await toWorker(e.sessionId, "Network.emulateNetworkConditions", conditions);
      await toWorker(e.sessionId, "Runtime.runIfWaitingForDebugger");
    })().catch(() => {});
  });
  await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });

  /**
   * The requests started before `readyAt`, once each has finished. The live-event stream stays
   * open for as long as the page does: it is counted with what it sent until then (its headers
   * and first event), not waited for.
   */
  async function settled(readyAt: number): Promise<Transfer[]> {
    for (const [request, t] of transfers) {
      if (t.bytes === undefined && isStream(t.url)) t.bytes = await streamedSoFar(request);
    }
    const before = () => [...transfers.values()].filter((t) => t.started <= readyAt);
    const deadline = Date.now() + 20_000;
    while (before().some((t) => t.bytes === undefined)) {
      if (Date.now() > deadline) {
        const open = before()
          .filter((t) => t.bytes === undefined)
          .map((t) => t.url.slice(0, 120));
        throw new Error(`requests did not finish within 20 s: ${open.join(", ")}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return before();
  }
  return { settled, close: () => cdp.detach() };
}

/** The live-event stream (GET /api/events), which never finishes while the page is open. */
const isStream = (url: string) => new URL(url).pathname === "/api/events";

async function streamedSoFar(request: Request): Promise<number> {
  const response = await request.response().catch(() => null);
  if (!response) return 0;
  const headers = await response.headersArray().catch(() => []);
  return headers.reduce((sum, h) => sum + h.name.length + h.value.length + 4, 0);
}

function summary(transfers: Transfer[], ms: number): PageLoad {
  const bytes = transfers.reduce((s, t) => s + (t.bytes ?? 0), 0);
  const largest = [...transfers]
    .sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0))
    .slice(0, 8)
    .map((t) => ({ url: new URL(t.url).pathname, kb: (t.bytes ?? 0) / 1000, encoding: t.encoding }));
  return { kb: bytes / 1000, ms, requests: transfers.length, largest };
}

async function load(
  browser: Awaited<ReturnType<typeof launchChromium>>["browser"],
  url: string,
  cookie: string | null,
  ready: (page: Page) => Promise<unknown>,
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split("; ").map((c) => {
          const i = c.indexOf("=");
          return { name: c.slice(0, i), value: c.slice(i + 1), url };
        }),
      );
    }
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const net = await throttled(context, page);
    const t0 = performance.now();
    const res = await page.goto(url, { waitUntil: "commit" });
    if (!res?.ok()) throw new Error(`${url} answered ${res?.status()}`);
    await ready(page);
    const readyAt = performance.now();
    const transfers = await net.settled(readyAt);
    await net.close();
    if (errors.length > 0) throw new Error(`page errors on ${url}: ${errors.join("; ")}`);
    return summary(transfers, readyAt - t0);
  } finally {
    await context.close();
  }
}

/** Photos in REGIONS distinct 0.1° cells, so the overview has that many region markers. */
async function seed(client: Client, baseUrl: string) {
  for (let i = 0; i < REGIONS; i++) {
    const jpeg = await noisyJpeg({
      ...{ width: 64, height: 48, sigma: 10, quality: 80, dateTimeOriginal: "2024:05:01 10:00:00" },
      ...{ latitude: `${40 + i}/1 10/1 0/1`, longitude: `${70 + i}/1 20/1 0/1` },
    });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `wire-${i}.jpg`);
    const res = await fetch(`${baseUrl}/api/images`, {
      method: "POST",
      headers: { cookie: client.cookie, origin: baseUrl },
      body: form,
    });
    if (res.status !== 201) throw new Error(`seed upload failed: ${res.status} ${await res.text()}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * `blurFaces` false seeds the photos with face blurring off (the smoke: the scan's engine would
 * load for three toy photos; what the page costs does not depend on it).
 */
export async function benchWire(opts: { quick: boolean; blurFaces?: boolean }): Promise<WireResult> {
  const runs = opts.quick ? 1 : 3;
  const db = await smokeDatabaseEnv();
  const server = await startBrowserBenchServer("poleatlas-bench-wire-", { ...benchServerEnv, ...db.env });
  const chromium = await launchChromium();
  try {
    const client = await signedInClient(server.url);
    if (opts.blurFaces === false) await switchBlurringOff(server.url, client.cookie);
    await seed(client, server.url);
    const login: PageLoad[] = [];
    const map: PageLoad[] = [];
    for (let i = 0; i < runs; i++) {
      login.push(
        await load(chromium.browser, `${server.url}/login`, null, (page) =>
          page.getByLabel("Email").waitFor({ state: "visible", timeout: 60_000 }),
        ),
      );
      map.push(
        await load(chromium.browser, `${server.url}/map?globeTestHook`, client.cookie, (page) =>
          page.waitForFunction(
            (n) =>
              (
                globalThis as { __poleatlasGlobe?: { state(): { regionMarkers: number } } }
              ).__poleatlasGlobe?.state().regionMarkers === n,
            REGIONS,
            { polling: 20, timeout: 120_000 },
          ),
        ),
      );
    }
    const loginKB = median(login.map((l) => l.kb));
    const mapKB = median(map.map((l) => l.kb));
    const mapMs10Mbit = median(map.map((l) => l.ms));
    return {
      link: LINK,
      runs,
      loginKB,
      loginMs10Mbit: median(login.map((l) => l.ms)),
      mapKB,
      mapMs10Mbit,
      login,
      map,
      targets: {
        loginKB: 250,
        mapKB: 1600,
        mapMs10Mbit: 3000,
        met: loginKB <= 250 && mapKB <= 1600 && mapMs10Mbit <= 3000,
      },
    };
  } finally {
    await chromium.close();
    await server.stop();
    await db.drop();
  }
}
