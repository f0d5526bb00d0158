/**
 * What a bottom sheet covers leaves the Tab order while the sheet is open (WCAG 2.4.11, focus not
 * obscured): on a phone the pole's sheet lies over the globe's lower part, and Tab would otherwise
 * walk into the legend and Cesium's buttons under it, the focus out of sight. Each focusable
 * control of `root` whose middle is below the sheet's top edge is made `inert`, again whenever the
 * sheet or the area changes; only those this made inert are released when the sheet goes.
 */
const FOCUSABLE = "a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex='-1'])";

/** Marks what `sheet` covers in `root` inert until the returned cleanup runs. */
export function inertUnder(root: HTMLElement, sheet: () => Element | null): () => void {
  let marked: HTMLElement[] = [];
  const release = () => {
    for (const el of marked) el.inert = false;
    marked = [];
  };
  const apply = () => {
    release();
    const cover = sheet();
    if (!cover) return;
    const top = cover.getBoundingClientRect().top;
    for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (el.closest("[inert]")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if ((r.top + r.bottom) / 2 >= top) {
        el.inert = true;
        marked.push(el);
      }
    }
  };
  let frame = 0;
  const later = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(apply);
  };
  apply();
  const resized = new ResizeObserver(later);
  const cover = sheet();
  if (cover) resized.observe(cover);
  const changed = new MutationObserver(later);
  changed.observe(root, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  return () => {
    cancelAnimationFrame(frame);
    resized.disconnect();
    changed.disconnect();
    window.removeEventListener("resize", later);
    release();
  };
}
