/**
 * Where the keyboard goes when a dialog closes and the control that opened it has gone meanwhile
 * (a finding's 'Resolve' button goes with the step it took): to `target`, not to the page. A
 * dialog gives the focus back to its opener itself; this only catches it when that fails.
 */
import { useEffect, useRef, type RefObject } from "react";

export function useFocusAfterClose(open: boolean, target: RefObject<HTMLElement | null>) {
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    // After the dialog's own return of the focus, in the same commit.
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body) target.current?.focus();
    });
    return () => window.clearTimeout(timer);
  }, [open, target]);
}
