/**
 * Keyboard-only steps that watch where the focus goes: after every key the focus must be on
 * something, never fallen to the page (`document.body`), not even for one frame in between (a
 * button disabled while it sends, a row removed under the focus). A watcher in the page checks
 * the focus every animation frame and remembers each fall with the element that had the focus last.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

declare global {
  interface Window {
    __focusFalls?: string[];
  }
}

/** Starts the page's watcher (once per document; a page load needs it again). */
export async function watchFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__focusFalls) return;
    const falls: string[] = [];
    window.__focusFalls = falls;
    let last = "nothing yet";
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60)}"`;
    const check = () => {
      const now = document.activeElement;
      if (now === null || now === document.body) {
        if (!falls.at(-1)?.endsWith(`after ${last}`)) falls.push(`the page, after ${last}`);
      } else last = describe(now);
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** What the watcher saw since the last call: each fall of the focus to the page. */
async function fallsSinceLast(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.__focusFalls ?? ["no watcher: call watchFocus first"]).splice(0));
}

/**
 * Presses `keys` one after another, each followed by a check that the focus is on something: at
 * the next frame (the watcher's check of that frame runs first) and after `settleMs` more.
 * One round trip a key: the journey's keys each wait on a page that draws the globe in software.
 */
export async function press(page: Page, keys: string | string[], settleMs = 0): Promise<void> {
  for (const key of Array.isArray(keys) ? keys : [keys]) {
    await page.keyboard.press(key);
    const falls = await page.evaluate(
      (ms) =>
        new Promise<string[]>((done) =>
          setTimeout(
            () => requestAnimationFrame(() => done((window.__focusFalls ?? ["no watcher"]).splice(0))),
            ms,
          ),
        ),
      settleMs,
    );
    expect(falls, `the focus after ${key}`).toEqual([]);
  }
}

/** Types `text` into the focused field, then checks the focus as `press` does. */
export async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  expect(await fallsSinceLast(page), `the focus after typing ${text}`).toEqual([]);
}

/** Tab (or Shift+Tab) until `target` has the focus, each step checked; fails after `max` steps. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    const on = target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2000 });
    if (await on.catch(() => false)) return;
    await press(page, back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** Waits until what a step started (a save, a dialog closing) is on screen, then checks the focus. */
export async function focusKept(page: Page, shown: Locator): Promise<void> {
  await expect(shown).toBeVisible();
  expect(await fallsSinceLast(page), "the focus while waiting").toEqual([]);
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
}

/** A Tab stop as reached: its name (label, else text) and where it stands once scrolled to. */
export interface TabStop {
  name: string;
  left: number;
  right: number;
}

/**
 * The Tab stops from the one focused now, in order, up to the one named `last` (or until the
 * focus comes round again, or `max` steps): what a keyboard reaches, each where the browser
 * scrolled it to.
 */
export async function tabStops(page: Page, last: RegExp, max = 60): Promise<TabStop[]> {
  const stops: TabStop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    if (i > 0) await press(page, "Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const byIds = (el.getAttribute("aria-labelledby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? "";
      const name = (el.getAttribute("aria-label") ?? (byIds.trim() || label || el.textContent || "")).trim();
      const box = el.getBoundingClientRect();
      // The same element met again: the order has come round.
      const key = el.dataset.tabStopSeen ?? String(Math.random());
      el.dataset.tabStopSeen = key;
      return { key, name, left: box.left, right: box.right };
    });
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push({ name: stop.name, left: stop.left, right: stop.right });
    if (last.test(stop.name)) break;
  }
  return stops;
}
