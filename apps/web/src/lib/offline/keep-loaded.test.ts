import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEEP_LOADED_MESSAGE } from "../../sw/routes";
import { stubPerformanceObserver } from "../../test/performance-observer";
import { LATE_ANSWERS_MS, tellWhatWentPast } from "./keep-loaded";

/** The browser's resource timing: what has ended, and the observers told of each download that ends. */
let ended: { name: string; startTime: number }[] = [];
let observer: ReturnType<typeof stubPerformanceObserver>;
/** A download that started at `startTime` ends now. */
const end = (name: string, startTime: number) => {
  const entry = { name, startTime };
  ended.push(entry);
  observer.deliver(entry);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  ended = [];
  observer = stubPerformanceObserver();
  vi.spyOn(performance, "getEntriesByType").mockImplementation(() => [...ended] as never);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const told = (postMessage: ReturnType<typeof vi.fn>) =>
  postMessage.mock.calls.map(([m]) => (m as { type: string; urls: string[] }).urls);

describe("tellWhatWentPast", () => {
  it("tells the worker at once what the page had loaded", () => {
    vi.advanceTimersByTime(1000);
    end("/api/workspaces", 200);
    const postMessage = vi.fn();
    tellWhatWentPast({ postMessage });
    expect(postMessage).toHaveBeenCalledWith({ type: KEEP_LOADED_MESSAGE, urls: ["/api/workspaces"] });
  });

  it("tells it later of the answers on their way when it took the page, not of those asked after", () => {
    vi.advanceTimersByTime(1000);
    end("/api/workspaces", 200);
    const postMessage = vi.fn();
    tellWhatWentPast({ postMessage });
    vi.advanceTimersByTime(300);
    end("/api/regions", 950); // asked before the worker took the page: it went past the worker
    end("/api/poles?region=r1", 1100); // asked through the worker, which kept it itself
    end("/api/storage/usage", 990);
    expect(told(postMessage)).toEqual([["/api/workspaces"], ["/api/regions"], ["/api/storage/usage"]]);
  });

  it("stops watching once a first view's answers have long ended", () => {
    vi.advanceTimersByTime(1000);
    const postMessage = vi.fn();
    tellWhatWentPast({ postMessage });
    expect(postMessage).not.toHaveBeenCalled(); // nothing loaded yet: nothing to tell
    vi.advanceTimersByTime(LATE_ANSWERS_MS);
    end("/api/regions", 900);
    expect(postMessage).not.toHaveBeenCalled();
    expect(observer.watching()).toBe(0);
  });
});
