/**
 * Whether an element is narrow, by its own measured width (a ResizeObserver), not the device:
 * a phone, a split screen and a desktop zoomed to 400 % (1280 px → 320 CSS px) are all narrow
 * where the list itself has too little room for its table. Until it is measured, the window's width
 * stands in (the element is at most as wide), so a phone's first request is already the cards'.
 */
import { useEffect, useState, type RefObject } from "react";

export function useNarrow(ref: RefObject<HTMLElement | null>, maxPx: number): boolean {
  const [width, setWidth] = useState<number | null>(() =>
    typeof window === "undefined" ? null : window.innerWidth,
  );
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width !== null && width < maxPx;
}
