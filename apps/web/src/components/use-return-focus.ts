/**
 * A panel that takes the keyboard when it opens gives it back when it closes: to the control
 * that had it before (a search box, a list's pole, a button), so the focus does not fall to the
 * page. Only where the focus was in the panel, or on nothing, as it closed; the opener must
 * still be on screen.
 */
import { useLayoutEffect, useRef } from "react";

export function useReturnFocus<T extends HTMLElement>() {
  const panel = useRef<T>(null);
  useLayoutEffect(() => {
    const opener = document.activeElement;
    const container = panel.current;
    return () => {
      const now = document.activeElement;
      const inside = !!container && !!now && container.contains(now);
      if (!inside && now !== null && now !== document.body) return;
      if (!(opener instanceof HTMLElement) || opener === document.body) return;
      // After the panel has left the page (the focus then on nothing).
      window.setTimeout(() => {
        const later = document.activeElement;
        if (opener.isConnected && (later === null || later === document.body)) opener.focus();
      });
    };
  }, []);
  return panel;
}
