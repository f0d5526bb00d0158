/**
 * When a first visit's own downloads are over: the page has finished no download for QUIET_MS
 * and nothing marked with pageDownload is still under way (its first view is up: the login form,
 * the map's regions and their tiles), or MAX_WAIT_MS have
 * passed whatever happens. The service worker installs then (service-worker.ts): installing
 * fetches the whole build, 1.2 MB on the wire, which on a slow link would otherwise share it with
 * the first view (the page's load event comes long before the view is drawn).
 */
export const QUIET_MS = 3000;
export const MAX_WAIT_MS = 30_000;
/** How often a wait that is held by work still under way looks again. */
const BUSY_RECHECK_MS = 250;

/** Work under way that the wait must see: resource timing tells of a download only once it has ended. */
let underWay = 0;
let lastWorkEnd = 0;

/**
 * Marks `work` (a chunk being imported, an API answer being read) as part of what the page is
 * downloading, so the wait below does not take a long single download for a quiet network.
 */
export function pageDownload<T>(work: Promise<T>): Promise<T> {
  underWay++;
  const ended = () => {
    underWay--;
    lastWorkEnd = performance.now();
  };
  work.then(ended, ended);
  return work;
}

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
    const quietFor = now - Math.max(lastEnd, lastWorkEnd);
    if ((underWay === 0 && quietFor >= quietMs) || now - start >= maxWaitMs) {
      observer?.disconnect();
      then();
      return;
    }
    const next = underWay > 0 ? BUSY_RECHECK_MS : quietMs - quietFor;
    setTimeout(check, Math.min(next, maxWaitMs - (now - start)));
  };
  setTimeout(check, quietMs);
}
