import { afterEach, describe, expect, it, vi } from "vitest";
import { resumeRenderingAfterErrors, type RecoverableViewer } from "./render-recovery";

function fakeViewer() {
  const listeners: ((scene: unknown, error: unknown) => void)[] = [];
  const viewer: RecoverableViewer & { destroyed: boolean; fail: (e: unknown) => void } = {
    useDefaultRenderLoop: true,
    destroyed: false,
    isDestroyed: () => viewer.destroyed,
    scene: {
      renderError: { addEventListener: (l: (scene: unknown, error: unknown) => void) => listeners.push(l) },
    },
    // What Cesium does on a failed frame: stop the loop, then raise renderError.
    fail: (e) => {
      viewer.useDefaultRenderLoop = false;
      for (const l of listeners) l(null, e);
    },
  };
  return viewer;
}

describe("resumeRenderingAfterErrors", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("starts the render loop again after a failed frame, once per burst of failures", () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const viewer = fakeViewer();
    resumeRenderingAfterErrors(viewer, 2000);
    viewer.fail(new Error("asset failed"));
    viewer.fail(new Error("again"));
    expect(viewer.useDefaultRenderLoop).toBe(false);
    vi.advanceTimersByTime(1999);
    expect(viewer.useDefaultRenderLoop).toBe(false);
    vi.advanceTimersByTime(1);
    expect(viewer.useDefaultRenderLoop).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("leaves a destroyed globe alone", () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const viewer = fakeViewer();
    resumeRenderingAfterErrors(viewer, 10);
    viewer.fail(new Error("x"));
    viewer.destroyed = true;
    vi.advanceTimersByTime(10);
    expect(viewer.useDefaultRenderLoop).toBe(false);
  });
});
