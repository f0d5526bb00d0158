/**
 * When a first visit's own downloads are over: the page has finished no download for QUIET_MS
 * (its first view is up: the login form, the map's regions and their tiles), or MAX_WAIT_MS have
 * passed whatever happens. The service worker installs then (service-worker.ts): installing
 * fetches the whole build, 1.2 MB on the wire, which on a slow link would otherwise share it with
 * the first view (the page's load event comes long before the view is drawn).
 */
export const QUIET_MS = 3000;
export const MAX_WAIT_MS = 30_000;

export function whenNetworkQuiet(then: () => void, quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS): void {
  const start = performance.now();
  let lastEnd = start;
  let observer: PerformanceObserver | undefined;
  try {
    // An observer, not the resource timing buffer: that one stops filling at 250 entries.
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        lastEnd = Math.max(lastEnd, (entry as PerformanceResourceTiming).responseEnd);
      }
    });
    observer.observe({ type: "resource", buffered: true });
  } catch {
    // A browser that cannot watch downloads waits the quiet time after the load event only.
    observer = undefined;
  }
  const check = () => {
    const now = performance.now();
    const quietFor = now - lastEnd;
    if (quietFor >= quietMs || now - start >= maxWaitMs) {
      observer?.disconnect();
      then();
      return;
    }
    setTimeout(check, Math.min(quietMs - quietFor, maxWaitMs - (now - start)));
  };
  setTimeout(check, quietMs);
}
