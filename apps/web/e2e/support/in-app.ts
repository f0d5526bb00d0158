/** Moving between the app's screens without loading the page again. */
import type { Page } from "@playwright/test";

/**
 * Opens `url` inside the running app, as going back and forth in the browser's history does (the
 * router follows the address): no page load, so the app's code, the globe's chunk and the
 * worker's control stay. For steps whose check is not what a fresh load does. The globe's test
 * hook is read when a map screen makes its globe: a map opened from another screen this way
 * needs ?globeTestHook in `url` too, and a map already open keeps its globe (and hook).
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    // The router's own entry shape: its index keeps counting, so going back works as usual.
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    const state = { usr: null, key: `e2e${idx}`, idx };
    history.pushState(state, "", to);
    dispatchEvent(new PopStateEvent("popstate", { state }));
  }, url);
}

/**
 * For a file whose tests are steps on one page (journeyOnReadOnlyMap): the first test that runs
 * loads `url`, the next open it inside the app, so a test run alone still finds its page.
 */
export async function openOnJourneyPage(page: Page, url: string): Promise<void> {
  if (page.url() === "about:blank") await page.goto(url);
  else await openInApp(page, url);
}
