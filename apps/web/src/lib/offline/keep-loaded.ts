/**
 * What a page loaded before its first service worker took it over went past that worker, so the
 * page tells the worker (KEEP_LOADED_MESSAGE) and the worker keeps what it would have kept. The
 * answers still on their way at that moment went past it too (the map's regions and usage, asked
 * a moment before): each is told as it ends. Without them a reload offline right after the first
 * visit would show an empty map.
 */
import { KEEP_LOADED_MESSAGE, type KeepLoadedMessage } from "../../sw/routes";

/** Long enough for any answer of a first view to end; the page stops watching then. */
export const LATE_ANSWERS_MS = 60_000;

/** Enough entries for a first visit's answers, thumbnails and Cesium files (the default is 250). */
const RESOURCE_TIMING_ENTRIES = 2000;

/** Called as the page starts: the list below must not stop at the browser's default size. */
export function keepResourceTimings(): void {
  performance.setResourceTimingBufferSize?.(RESOURCE_TIMING_ENTRIES);
}

/**
 * Tells `worker` (the page's first controller) what the page loaded before it: at once what has
 * ended, later each download that had started by now.
 */
export function tellWhatWentPast(worker: Pick<ServiceWorker, "postMessage">): void {
  const takenAt = performance.now();
  const tell = (urls: string[]) => {
    if (urls.length === 0) return;
    const keep: KeepLoadedMessage = { type: KEEP_LOADED_MESSAGE, urls };
    worker.postMessage(keep);
  };
  tell(performance.getEntriesByType("resource").map((e) => e.name));
  let observer: PerformanceObserver;
  try {
    observer = new PerformanceObserver((list) => {
      tell(
        list
          .getEntries()
          .filter((e) => e.startTime < takenAt)
          .map((e) => e.name),
      );
    });
    observer.observe({ type: "resource" });
  } catch {
    // A browser that cannot watch downloads keeps what had ended; the rest the next time it is asked.
    return;
  }
  setTimeout(() => observer.disconnect(), LATE_ANSWERS_MS);
}
