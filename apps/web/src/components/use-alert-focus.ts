/**
 * An alert that takes the keyboard when it shows after an action: a form disables its fields and
 * buttons while it sends, which drops the focus to the page, and the outcome (a refusal, a mail
 * sent) is what the user needs next. An alert shown with the page (a link's verdict on load)
 * leaves the focus where the page puts it. The alert needs `tabIndex={-1}`.
 */
import { useEffect, useRef } from "react";

export function useAlertFocus<T extends HTMLElement = HTMLDivElement>(text: string | null | undefined) {
  const alert = useRef<T>(null);
  const shown = useRef<string | null | undefined>(text);
  useEffect(() => {
    if (text === shown.current) return;
    shown.current = text;
    if (text) alert.current?.focus();
  }, [text]);
  return alert;
}
