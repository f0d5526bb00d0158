/**
 * Moves the keyboard to what an action produced once it is on screen: a page's heading after a
 * route change (its chunk may still be loading), a region's pole list after a search opened the
 * region. What comes later than the action is waited for, for a while; and where the user has
 * moved the focus on meanwhile, it is left where they put it.
 */
import { focusSkipTarget } from "./skip-target";

/** How long a target may take to show (a page's chunk on a slow link). */
export const FOCUS_WAIT_MS = 10_000;

/**
 * Focuses the first of `targets` on screen, now or as soon as one
 * shows, while the focus is still where it was when this was called (or on nothing). Returns a
 * cancel.
 */
export function focusWhenShown(targets: readonly string[], waitMs = FOCUS_WAIT_MS): () => void {
  const from = document.activeElement;
  const stillThere = () => {
    const now = document.activeElement;
    return now === from || now === null || now === document.body || !now.isConnected;
  };
  const tryFocus = () => {
    if (!stillThere()) return true;
    return focusSkipTarget(targets);
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), waitMs);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  return stop;
}
