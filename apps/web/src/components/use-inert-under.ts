/**
 * While `active`, what the sheet covers in `area` is out of the Tab order (inert-under.ts, loaded
 * when a sheet first opens: only phones need it).
 */
import { useEffect, type RefObject } from "react";
import { startLoaded } from "./start-loaded";

export function useInertUnder(
  area: RefObject<HTMLElement | null>,
  sheet: () => Element | null,
  active: boolean,
): void {
  useEffect(() => {
    const root = area.current;
    if (!active || !root) return;
    return startLoaded(
      () => import("./inert-under"),
      (m) => m.inertUnder(root, sheet),
    );
  }, [area, sheet, active]);
}
