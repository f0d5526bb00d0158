/**
 * onViewChanged's pacing with Cesium's real events and fake clocks: how often the markers follow
 * a moving camera, given what a refresh costs.
 */
import { Event, type Scene } from "cesium";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onViewChanged } from "./screen-view";

function movingScene() {
  const events = { moveStart: new Event(), moveEnd: new Event(), postRender: new Event() };
  const scene = {
    camera: { moveStart: events.moveStart, moveEnd: events.moveEnd },
    postRender: events.postRender,
    canvas: {},
  } as unknown as Scene;
  return { scene, events };
}

/** Frames every `frameMs` for `ms` of a move; returns how many refreshes ran in it. */
function move(
  events: ReturnType<typeof movingScene>["events"],
  calls: { n: number },
  ms: number,
  frameMs = 50,
) {
  const before = calls.n;
  events.moveStart.raiseEvent();
  for (let t = 0; t < ms; t += frameMs) {
    vi.advanceTimersByTime(frameMs);
    events.postRender.raiseEvent();
  }
  const during = calls.n - before;
  events.moveEnd.raiseEvent();
  return during;
}

describe("onViewChanged", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("follows a move every 250 ms when a refresh is cheap, and spaces refreshes to a tenth of the time when it is slow", () => {
    const { scene, events } = movingScene();
    const calls = { n: 0 };
    let costMs = 0;
    onViewChanged(scene, () => {
      calls.n++;
      vi.advanceTimersByTime(costMs); // what the refresh takes
    });
    expect(move(events, calls, 900)).toBe(3); // at 250, 500 and 750 ms
    costMs = 100; // 100 ms a refresh: at most one per second
    const during = move(events, calls, 3000);
    expect(during).toBeGreaterThanOrEqual(2);
    expect(during).toBeLessThanOrEqual(3);
  });

  it("does not keep one slow refresh's cost: the next cheap one restores the pace", () => {
    const { scene, events } = movingScene();
    const calls = { n: 0 };
    let costMs = 2000; // a cold first refresh (JIT, first buffers)
    onViewChanged(scene, () => {
      calls.n++;
      vi.advanceTimersByTime(costMs);
      costMs = 0;
    });
    move(events, calls, 500); // its end refreshes again, cheaply now
    expect(move(events, calls, 900)).toBe(3);
  });
});
