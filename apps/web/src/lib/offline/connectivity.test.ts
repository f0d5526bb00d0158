import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  getReachability,
  noteBrowserOnline,
  noteServerUnreachable,
  onReconnect,
  resetReachability,
} from "./connectivity";

let serverUp = false;
const probes: number[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  serverUp = false;
  probes.length = 0;
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal("fetch", (url: string) => {
    probes.push(Date.now());
    expect(url).toBe("/api/health");
    return serverUp
      ? Promise.resolve(new Response("{}", { status: 200 }))
      : Promise.reject(new TypeError("down"));
  });
});
afterEach(() => {
  resetReachability();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("connectivity", () => {
  it("probes the server with a growing pause while it does not answer, and says the moment it does", async () => {
    const back = vi.fn();
    const off = onReconnect(back);
    const start = Date.now();
    noteServerUnreachable();
    expect(getReachability()).toBe("server-down");
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(probes.map((t) => t - start)).toEqual([1000, 3000, 7000]);
    expect(back).not.toHaveBeenCalled();

    serverUp = true;
    await vi.advanceTimersByTimeAsync(8000);
    expect(getReachability()).toBe("reachable");
    expect(back).toHaveBeenCalledTimes(1);
    // Reachable: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toHaveLength(4);
    off();
  });

  it("never waits more than 15 s between probes", async () => {
    noteServerUnreachable();
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(120_000);
    const gaps = probes.map((t, i) => t - (i === 0 ? start : probes[i - 1]!));
    expect(Math.max(...gaps)).toBe(15_000);
  });

  it("is back at once when the browser says it is online, and tells no network from a silent server", async () => {
    const back = vi.fn();
    onReconnect(back);
    vi.stubGlobal("navigator", { onLine: false });
    noteBrowserOnline(false);
    expect(getReachability()).toBe("no-network");
    vi.stubGlobal("navigator", { onLine: true });
    noteBrowserOnline(true);
    expect(getReachability()).toBe("reachable");
    expect(back).toHaveBeenCalledTimes(1);
    // The probe sent with it finds the server silent: cut off again, for another reason.
    await vi.advanceTimersByTimeAsync(0);
    expect(getReachability()).toBe("server-down");
  });
});
