/**
 * Test-build-only timing helpers for bench/globe.ts, reached through GlobeController.benchHook
 * (undefined in production builds, so this module is not even bundled there).
 *
 * Every helper runs synchronously in one task, so Cesium's own render loop (requestAnimationFrame,
 * render-on-demand) cannot slip a frame in between, and ends each frame with a 1×1 readPixels:
 * WebGL hands draw calls to the GPU process (SwiftShader here) asynchronously, and only a read
 * back waits until they are actually drawn. A timed frame is therefore the whole frame: Cesium's
 * update and culling, command submission and rasterisation. Compositing the canvas into the page
 * is not in it (it costs the same with or without markers).
 */
import { Cartesian2, PointPrimitiveCollection, PrimitiveCollection, type Viewer } from "cesium";
import type { GlobeBenchHook } from "./globe-types";
import { toMarkerRef } from "./markers";

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
    drawnMarkers() {
      const out = { region: [] as string[], photo: [] as string[] };
      const walk = (p: unknown) => {
        if (p instanceof PointPrimitiveCollection) {
          for (let i = 0; i < p.length; i++) {
            const point = p.get(i);
            const ref = point.show ? toMarkerRef(point) : undefined;
            if (ref) out[ref.kind].push(ref.id);
          }
        } else if (p instanceof PrimitiveCollection) {
          for (let i = 0; i < p.length; i++) walk(p.get(i));
        }
      };
      walk(scene.primitives);
      return out;
    },
    zoomFrames(count, step) {
      const { camera } = scene;
      const out: number[] = [];
      for (let i = 0; i < count; i++) {
        const height = camera.positionCartographic.height;
        if (i < count / 2) camera.zoomIn(height * step);
        else camera.zoomOut(height * step);
        const t0 = performance.now();
        frame();
        out.push(performance.now() - t0);
      }
      return out;
    },
    canvasSize: () => ({
      width: canvas.width,
      height: canvas.height,
      cssWidth: canvas.clientWidth,
      cssHeight: canvas.clientHeight,
    }),
  };
}
