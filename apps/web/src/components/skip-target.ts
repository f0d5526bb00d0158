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
