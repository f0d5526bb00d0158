import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noteBrowserOnline, noteServerUnreachable, resetReachability } from "./connectivity";
import { getOfflineStatus, noteAnswer } from "./offline-status";

// Before as after: the connection watch is the module's, and a file before this one may leave it.
const reset = () => {
  noteAnswer(null);
  resetReachability();
};
beforeEach(reset);
afterEach(() => {
  reset();
  vi.unstubAllGlobals();
});

describe("offline status", () => {
  it("goes offline on a copy, keeps the oldest stamp, and ends with a fresh answer", () => {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    expect(getOfflineStatus()).toEqual({ offline: false, reason: null, cachedAt: null });
    noteAnswer("2026-11-23T10:05:00.000Z");
    noteAnswer("2026-11-23T10:00:00.000Z");
    noteAnswer("2026-11-23T10:09:00.000Z");
    expect(getOfflineStatus()).toMatchObject({ offline: true, cachedAt: "2026-11-23T10:00:00.000Z" });
    noteAnswer(null);
    expect(getOfflineStatus()).toEqual({ offline: false, reason: null, cachedAt: null });
  });

  it("follows the browser's own offline flag, and clears the banner as soon as it is back", () => {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    noteAnswer("2026-11-23T10:00:00.000Z");
    noteBrowserOnline(false);
    expect(getOfflineStatus().offline).toBe(true);
    noteBrowserOnline(true);
    expect(getOfflineStatus()).toEqual({ offline: false, reason: null, cachedAt: null });
  });

  it("tells no network apart from a server that does not answer", () => {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    vi.stubGlobal("navigator", { onLine: true });
    noteServerUnreachable();
    expect(getOfflineStatus()).toMatchObject({ offline: true, reason: "server-down" });
    vi.stubGlobal("navigator", { onLine: false });
    noteBrowserOnline(false);
    expect(getOfflineStatus()).toMatchObject({ offline: true, reason: "no-network" });
  });
});
