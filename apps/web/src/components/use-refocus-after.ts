/**
 * Where the keyboard goes when a change takes away the control that had it: a dialog closing
 * after its opener went (a finding's 'Resolve' button goes with the step it took), the work
 * list's table and cards swapping as its width crosses the line. After each change of `change`
 * (not on mount), a focus fallen to the page goes to `target`; a focus anywhere else is left.
 */
import { useEffect, useRef, type RefObject } from "react";

export function useRefocusAfter(change: unknown, target: RefObject<HTMLElement | null>) {
  const before = useRef(change);
  useEffect(() => {
    const changed = before.current !== change;
    before.current = change;
    if (!changed) return;
    // After what the change does with the focus itself (a dialog gives it back to its opener).
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body) target.current?.focus();
    });
    return () => window.clearTimeout(timer);
  }, [change, target]);
}
