import { describe, expect, it } from "vitest";
import { getOfflineStatus, noteAnswer, noteBrowserOnline } from "./offline-status";

describe("offline status", () => {
  it("goes offline on a copy, keeps the oldest stamp, and ends with a fresh answer", () => {
    expect(getOfflineStatus()).toEqual({ offline: false, cachedAt: null });
    noteAnswer("2026-11-23T10:05:00.000Z");
    noteAnswer("2026-11-23T10:00:00.000Z");
    noteAnswer("2026-11-23T10:09:00.000Z");
    expect(getOfflineStatus()).toEqual({ offline: true, cachedAt: "2026-11-23T10:00:00.000Z" });
    noteAnswer(null);
    expect(getOfflineStatus()).toEqual({ offline: false, cachedAt: null });
  });

  it("follows the browser's own offline flag", () => {
    noteBrowserOnline(false);
    expect(getOfflineStatus().offline).toBe(true);
    noteBrowserOnline(true);
    expect(getOfflineStatus()).toEqual({ offline: false, cachedAt: null });
  });
});
