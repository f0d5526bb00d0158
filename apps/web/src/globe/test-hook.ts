/**
 * Test builds only (`vite build --mode test`, see vite.config.ts): a page opened with
 * ?globeTestHook exposes its GlobeController as window.__poleatlasGlobe for the e2e tests and the
 * benchmark. The production build never reaches this module (its one caller sits behind
 * __POLEATLAS_TEST_HOOKS__, which is `false` there), and a check on dist/ proves it.
 */
import type { GlobeTestHook } from "./globe-types";

const KEY = "__poleatlasGlobe";

/** Exposes `globe` when the page asked for it; returns the undo. */
export function exposeGlobeForTests(globe: GlobeTestHook): () => void {
  if (!new URLSearchParams(window.location.search).has("globeTestHook")) return () => {};
  Object.assign(window, { [KEY]: globe });
  return () => Reflect.deleteProperty(window, KEY);
}
