/** Where the keyboard goes among a screen's candidates: the first one shown. */
const shown = (el: HTMLElement) =>
  !el.closest("[aria-hidden='true'], [hidden], [inert]") && getComputedStyle(el).visibility !== "hidden";

/**
 * The first of `targets` on screen now, if any (an element hidden, a closed drawer's, is passed
 * over). A module of its own: the skip link and the focus moves after an action share it, and
 * neither first load need carry the other.
 */
export function skipTarget(targets: readonly string[]): HTMLElement | undefined {
  for (const selector of targets) {
    for (const el of document.querySelectorAll<HTMLElement>(selector)) if (shown(el)) return el;
  }
  return undefined;
}

/**
 * Focuses the first of `targets` on screen; false if none is. A heading, a panel or a landmark is
 * not focusable of itself: it becomes so for the script alone (out of the Tab order).
 */
export function focusSkipTarget(targets: readonly string[]): boolean {
  const target = skipTarget(targets);
  if (!target) return false;
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
  return true;
}
