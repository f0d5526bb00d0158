import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubPerformanceObserver } from "../../test/performance-observer";
import { whenNetworkQuiet } from "./network-quiet";

/** The browser's downloads: `finish` delivers one that ends now. */
let observer: ReturnType<typeof stubPerformanceObserver>;
const finish = () => observer.deliver({ responseEnd: performance.now() });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  observer = stubPerformanceObserver();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("whenNetworkQuiet", () => {
  it("waits until nothing has finished downloading for the quiet time", () => {
    const then = vi.fn();
    whenNetworkQuiet(then, 3000, 30_000);
    vi.advanceTimersByTime(2000);
    finish(); // the view's last download
    vi.advanceTimersByTime(2000);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
    expect(observer.watching()).toBe(0); // stopped watching
  });

  it("goes ahead after the longest wait on a page that never stops downloading", () => {
    const then = vi.fn();
    whenNetworkQuiet(then, 3000, 30_000);
    for (let s = 0; s < 29; s++) {
      vi.advanceTimersByTime(1000);
      finish();
    }
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("goes ahead after the quiet time on a page that downloads nothing more", () => {
    const then = vi.fn();
    whenNetworkQuiet(then, 3000, 30_000);
    vi.advanceTimersByTime(2999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("waits for a download still under way, which resource timing shows only once it has ended", async () => {
    vi.resetModules(); // its count of work under way is the module's own
    const quiet = await import("./network-quiet");
    let arrive: (v: string) => void = () => {};
    const chunk = quiet.pageDownload(new Promise<string>((resolve) => (arrive = resolve)));
    const then = vi.fn();
    quiet.whenNetworkQuiet(then, 3000, 30_000);
    vi.advanceTimersByTime(10_000); // one slow download, nothing else ending
    expect(then).not.toHaveBeenCalled();
    arrive("globe");
    await chunk;
    vi.advanceTimersByTime(2999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("still goes ahead in a browser that cannot watch downloads", () => {
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        observe() {
          throw new TypeError("resource timing is not supported");
        }
        disconnect() {}
      },
    );
    const then = vi.fn();
    whenNetworkQuiet(then, 3000, 30_000);
    vi.advanceTimersByTime(3000);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
