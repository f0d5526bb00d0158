/**
 * A part of a screen whose code loads on first use (the map's search box, a dialog). Offline
 * before its chunk came (no service worker holds it yet), the import fails: the part is left out
 * and the error logged, rather than the whole screen replaced by the router's error page. It
 * comes with the next load of the page online.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  const Nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (Part) => ({ default: Part }),
      (e: unknown) => {
        console.error("A part of the page could not be loaded", e);
        return { default: Nothing };
      },
    ),
  );
}
