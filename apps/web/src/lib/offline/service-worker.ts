/**
 * Registers the service worker (production builds) and notices when a new build's worker takes
 * over an open page: that page still runs the old build, so the app offers a reload.
 */
import { whenNetworkQuiet } from "./network-quiet";

let updateReady = false;
const listeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  // The first install also changes the controller (none → worker); only a worker replacing
  // another means a new build, even on a page opened before any worker was there.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const replaced = controlled;
    controlled = true;
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
    whenNetworkQuiet(() =>
      "requestIdleCallback" in window
        ? requestIdleCallback(register, { timeout: 5000 })
        : setTimeout(register, 1000),
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
