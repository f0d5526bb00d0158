/**
 * Test-only timing helpers for bench/globe.ts. Reached only through the page's ?globeTestHook
 * window hook (window.__poleatlasGlobe.benchHook()); the app itself never calls them.
 *
 * Every helper runs synchronously in one task, so Cesium's own render loop (requestAnimationFrame,
 * render-on-demand) cannot slip a frame in between, and ends each frame with a 1×1 readPixels:
 * WebGL hands draw calls to the GPU process (SwiftShader here) asynchronously, and only a read
 * back waits until they are actually drawn. A timed frame is therefore the whole frame: Cesium's
 * update and culling, command submission and rasterisation. Compositing the canvas into the page
 * is not in it (it costs the same with or without markers).
 */
import { Cartesian2, type Viewer } from "cesium";
import { toMarkerRef, type MarkerRef } from "./markers";

export interface GlobeBenchHook {
  /** Forces `count` full frames of the current view; the time of each, in ms. */
  renderFrames(count: number): number[];
  /**
   * Hides every primitive (our markers and labels) or shows them again: the empty globe from the
   * same camera with the same tiles, to interleave with the loaded one.
   */
  hideMarkers(hidden: boolean): void;
  /** ms spent in `change` itself, and from its call to the end of the first frame drawn after it. */
  timeToDraw(change: () => void): { changeMs: number; totalMs: number };
  /** One `scene.pick` at canvas CSS pixels (as a click would do it): its time and what it hit. */
  pick(x: number, y: number): { ms: number; ref: MarkerRef | null };
  /** The canvas: drawing buffer in device pixels, on the page in CSS pixels. */
  canvasSize(): { width: number; height: number; cssWidth: number; cssHeight: number };
}

export function globeBenchHook(viewer: Viewer): GlobeBenchHook {
  const { scene } = viewer;
  const canvas = scene.canvas;
  // Cesium made the canvas's context; asking again for the same kind returns that context.
  const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
  const pixel = new Uint8Array(4);
  const drawn = () => gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  const frame = () => {
    scene.requestRender();
    viewer.render(); // what the render loop calls: clock tick, camera controller, scene.render
    drawn();
  };
  const renderFrames = (count: number) => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      frame();
      out.push(performance.now() - t0);
    }
    return out;
  };
  return {
    renderFrames,
    hideMarkers(hidden) {
      scene.primitives.show = !hidden;
    },
    timeToDraw(change) {
      drawn(); // nothing of earlier frames left in the queue
      const t0 = performance.now();
      change();
      const changeMs = performance.now() - t0;
      frame();
      return { changeMs, totalMs: performance.now() - t0 };
    },
    pick(x, y) {
      drawn();
      const t0 = performance.now();
      const picked: unknown = scene.pick(new Cartesian2(x, y));
      const ms = performance.now() - t0;
      return { ms, ref: toMarkerRef(picked) ?? null };
    },
    canvasSize: () => ({
      width: canvas.width,
      height: canvas.height,
      cssWidth: canvas.clientWidth,
      cssHeight: canvas.clientHeight,
    }),
  };
}
