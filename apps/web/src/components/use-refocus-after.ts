/**
 * Where the keyboard goes when a change takes away the control that had it: a dialog closing
 * after its opener went (a finding's 'Resolve' button goes with the step it took), the work
 * list's table and cards swapping as its width crosses the line. After each change of `change`
 * (not on mount), a focus fallen to the page goes to `target`; a focus anywhere else is left.
 */
import { useLayoutEffect, useRef, type RefObject } from "react";

export function useRefocusAfter(change: unknown, target: RefObject<HTMLElement | null>) {
  const before = useRef(change);
  // A layout effect: the change's elements are gone from the page by now, and the browser has not
  // drawn a frame with the focus on the page yet (a dialog rendered conditionally goes at once).
  useLayoutEffect(() => {
    const changed = before.current !== change;
    before.current = change;
    if (!changed) return;
    const now = document.activeElement;
    // On the page, or still on an element that has left it (as some DOMs report it).
    if (now === null || now === document.body || !now.isConnected) target.current?.focus();
  }, [change, target]);
}
