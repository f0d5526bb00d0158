/**
 * A panel that takes the keyboard when it opens gives it back when it closes: to the control
 * that had it before (a search box, a list's pole, a button), so the focus does not fall to the
 * page. Only where the focus was in the panel, or on nothing, as it closed; the opener must
 * still be on screen. A panel opened with the focus on nothing (a click on the globe's canvas,
 * which takes no focus), or whose opener has left the page, gives it to the first of `elseTo` on
 * screen when it closes: the control that stands for what the panel showed, or the area it was
 * opened from.
 */
import { useLayoutEffect, useRef } from "react";
import { focusSkipTarget } from "./skip-target";

export function useReturnFocus<T extends HTMLElement>(elseTo?: () => readonly string[]) {
  const panel = useRef<T>(null);
  // Read as the panel closes: what it shows may have changed since it opened.
  const fallback = useRef(elseTo);
  useLayoutEffect(() => {
    fallback.current = elseTo;
  });
  useLayoutEffect(() => {
    const opener = document.activeElement;
    const container = panel.current;
    return () => {
      const now = document.activeElement;
      const inside = !!container && !!now && container.contains(now);
      if (!inside && now !== null && now !== document.body) return;
      const targets = fallback.current?.() ?? [];
      // After the panel has left the page (the focus then on nothing).
      window.setTimeout(() => {
        const later = document.activeElement;
        if (later !== null && later !== document.body) return;
        if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
        else focusSkipTarget(targets);
      });
    };
  }, []);
  return panel;
}
