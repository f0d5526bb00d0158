/**
 * Registers the service worker (production builds) and notices when a new build's worker takes
 * over an open page: that page still runs the old build, so the app offers a reload.
 */
import { keepResourceTimings, tellWhatWentPast } from "./keep-loaded";
import { QUIET_MS, whenNetworkQuiet } from "./network-quiet";

/**
 * How long the install waits for a quiet network, then for an idle moment. The test build
 * (`vite build --mode test`) waits a tenth: its browser specs load the app from this machine,
 * where no first view shares a slow link with the install, and each offline spec would wait
 * seconds per fresh page for its worker (Chromium under software WebGL is rarely idle).
 */
const INSTALL_QUIET_MS = __POLEATLAS_TEST_HOOKS__ ? QUIET_MS / 10 : QUIET_MS;
const INSTALL_IDLE_MS = __POLEATLAS_TEST_HOOKS__ ? 500 : 5000;

let updateReady = false;
const listeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  // The first install also changes the controller (none → worker); only a worker replacing
  // another means a new build, even on a page opened before any worker was there.
  let controlled = navigator.serviceWorker.controller !== null;
  keepResourceTimings();
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const replaced = controlled;
    controlled = true;
    if (!replaced) {
      // The first worker: what this visit loaded went past it; it keeps that now, so a reload
      // offline right after the first visit shows the map, the usage and the queue as they were.
      const worker = navigator.serviceWorker.controller;
      if (worker) tellWhatWentPast(worker);
    }
    if (!replaced || updateReady) return;
    updateReady = true;
    for (const l of listeners) l();
  });
  // sw.js is always fetched from the server (no HTTP cache), so each visit sees a new build.
  const register = () =>
    void navigator.serviceWorker
      .register("/sw.js", { scope: "/", updateViaCache: "none" })
      .catch((e: unknown) => console.error("Service worker registration failed", e));
  // Installing precaches the whole build: once the first view's downloads are over and the
  // browser is idle, so it never competes with a first visit's own downloads on a slow link.
  const whenIdle = () =>
    whenNetworkQuiet(
      () =>
        "requestIdleCallback" in window
          ? requestIdleCallback(register, { timeout: INSTALL_IDLE_MS })
          : setTimeout(register, 1000),
      INSTALL_QUIET_MS,
    );
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

export function isUpdateReady(): boolean {
  return updateReady;
}

export function subscribeUpdateReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
