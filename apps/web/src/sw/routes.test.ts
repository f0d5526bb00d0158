import { describe, expect, it } from "vitest";
import {
  beyondNewest,
  dropsKeptCopy,
  isKeepLoadedMessage,
  keptForWorkspace,
  loadedToKeep,
  staleCaches,
  strategyFor,
  type Strategy,
} from "./routes";

const ORIGIN = "http://127.0.0.1:8080";
const PRECACHED = new Set(["/index.html", "/assets/index-abc.js", "/manifest.webmanifest"]);

function strategy(path: string, opts: { method?: string; mode?: string; origin?: string } = {}): Strategy {
  return strategyFor(
    {
      method: opts.method ?? "GET",
      url: new URL(path, opts.origin ?? ORIGIN),
      origin: ORIGIN,
      mode: opts.mode ?? "cors",
    },
    PRECACHED,
  );
}

describe("strategyFor", () => {
  it("never lets the worker near sign-in or the session", () => {
    expect(strategy("/api/auth/get-session")).toBe("network");
    expect(strategy("/api/auth/sign-out", { method: "POST" })).toBe("network");
    expect(strategy("/api/auth")).toBe("network");
    expect(strategy("/api/auth/get-session", { mode: "navigate" })).toBe("network");
  });

  it("keeps the map's data: regions, a region's poles and photos, thumbnails, usage, teams", () => {
    // The selected photo's panel: its record and its pole's timeline.
    expect(strategy("/api/poles/0b6f3c1e-8d7a-4f7e-9a44-2f1d1c9e0a11")).toBe("data");
    expect(strategy("/api/images/0b6f3c1e-8d7a-4f7e-9a44-2f1d1c9e0a11")).toBe("data");
    expect(strategy("/api/regions")).toBe("data");
    expect(strategy("/api/storage/usage")).toBe("data");
    expect(strategy("/api/workspaces")).toBe("data");
    expect(strategy("/api/poles?region=r1")).toBe("data");
    expect(strategy("/api/images?region=r1")).toBe("data");
    expect(strategy("/files/utility-poles/u1/thumbnails/p1.webp")).toBe("data");
  });

  it("keeps the first page of my work, not its later pages nor other work list filters", () => {
    expect(strategy("/api/findings?status=unresolved&assignee=me&sort=due&limit=100")).toBe("data");
    expect(strategy("/api/findings?assignee=me&cursor=abc")).toBe("network");
    expect(strategy("/api/findings?status=unresolved&limit=25")).toBe("network");
    expect(strategy("/api/findings/f1", { method: "PATCH" })).toBe("network");
  });

  it("leaves everything else of the API, full photos and writes to the network", () => {
    expect(strategy("/api/images?limit=10")).toBe("network");
    expect(strategy("/api/images?region=r1&limit=5")).toBe("network");
    expect(strategy("/api/images/abc?x=1")).toBe("network");
    expect(strategy("/api/poles/abc/photos")).toBe("network");
    expect(strategy("/api/poles/abc", { method: "PATCH" })).toBe("network");
    expect(strategy("/api/workspaces/w1/members")).toBe("network");
    expect(strategy("/files/utility-poles/u1/originals/p1.jpg")).toBe("network");
    expect(strategy("/api/regions", { method: "POST" })).toBe("network");
    expect(strategy("/api/images/abc", { method: "PATCH" })).toBe("network");
  });

  it("answers page loads with the shell, but not loads of API or file addresses", () => {
    expect(strategy("/map?region=x", { mode: "navigate" })).toBe("navigate");
    expect(strategy("/", { mode: "navigate" })).toBe("navigate");
    expect(strategy("/files/utility-poles/u1/thumbnails/p1.webp", { mode: "navigate" })).toBe("network");
    expect(strategy("/dev/mail", { mode: "navigate" })).toBe("network");
  });

  it("serves this build's files and Cesium's from caches, and nothing of other origins", () => {
    expect(strategy("/assets/index-abc.js")).toBe("shell");
    expect(strategy("/assets/index-old.js")).toBe("network");
    expect(strategy("/cesium/1.140.0/Assets/Textures/NaturalEarthII/0/0/0.jpg")).toBe("cesium");
    expect(strategy("/api/regions", { origin: "https://tile.openstreetmap.org" })).toBe("network");
  });
});

describe("staleCaches", () => {
  it("drops other builds' shells and other Cesium versions, never the data or foreign caches", () => {
    const names = [
      "poleatlas-shell-new",
      "poleatlas-shell-old",
      "poleatlas-cesium-1.140.0",
      "poleatlas-cesium-1.139.0",
      "poleatlas-data",
      "someone-else",
    ];
    expect(staleCaches(names, "poleatlas-shell-new", "poleatlas-cesium-1.140.0")).toEqual([
      "poleatlas-shell-old",
      "poleatlas-cesium-1.139.0",
    ]);
  });
});

describe("the data cache's bounds", () => {
  it("drops the oldest answers beyond the newest N, none below N", () => {
    expect(beyondNewest(["a", "b", "c", "d"], 2)).toEqual(["a", "b"]);
    expect(beyondNewest(["a", "b"], 2)).toEqual([]);
    expect(beyondNewest([], 2)).toEqual([]);
  });

  it("forgets a kept answer the server now refuses or no longer has, keeps it on a server error", () => {
    expect([401, 403, 404].map(dropsKeptCopy)).toEqual([true, true, true]);
    expect([200, 304, 429, 500, 503].map(dropsKeptCopy)).toEqual([false, false, false, false, false]);
  });
});

describe("loadedToKeep", () => {
  it("keeps what a first visit loaded past the worker: the map's data and Cesium's files, once each", () => {
    const kept = loadedToKeep(
      [
        `${ORIGIN}/api/regions`,
        `${ORIGIN}/api/storage/usage`,
        `${ORIGIN}/api/workspaces`,
        `${ORIGIN}/api/regions`,
        `${ORIGIN}/files/utility-poles/u/thumbnails/a.webp`,
        `${ORIGIN}/cesium/1.140/Workers/createVerticesFromHeightmap.js`,
        `${ORIGIN}/api/auth/get-session`,
        `${ORIGIN}/files/utility-poles/u/a.jpg`,
        `${ORIGIN}/assets/index-abc.js`,
        "https://tile.openstreetmap.org/1/0/0.png",
        `${ORIGIN}/api/poles/search?q=P`,
      ],
      ORIGIN,
      PRECACHED,
    );
    expect(kept.data.map((u) => u.pathname)).toEqual([
      "/api/regions",
      "/api/storage/usage",
      "/api/workspaces",
      "/files/utility-poles/u/thumbnails/a.webp",
    ]);
    expect(kept.cesium.map((u) => u.pathname)).toEqual([
      "/cesium/1.140/Workers/createVerticesFromHeightmap.js",
    ]);
  });

  it("reads only a well-formed message", () => {
    expect(isKeepLoadedMessage({ type: "poleatlas:keep-loaded", urls: ["/api/regions"] })).toBe(true);
    expect(isKeepLoadedMessage({ type: "poleatlas:keep-loaded", urls: [1] })).toBe(false);
    expect(isKeepLoadedMessage("poleatlas:clear-data")).toBe(false);
  });
});

describe("keptForWorkspace", () => {
  const asked = (workspace: string | null) => ({
    workspace,
    headers: new Headers(workspace === null ? {} : { "x-workspace-id": workspace }),
  });

  it("takes the tab's own workspace's copy first, else one asked before the tab named one", () => {
    const early = asked(null);
    const team = asked("team-1");
    const personal = asked("user-1");
    expect(keptForWorkspace([early, team, personal], "user-1")).toBe(personal);
    expect(keptForWorkspace([early, team], "user-1")).toBe(early);
    expect(keptForWorkspace([team, early], null)).toBe(early);
  });

  it("never hands one workspace's copy to a tab that names another", () => {
    expect(keptForWorkspace([asked("team-1")], "user-1")).toBeUndefined();
    expect(keptForWorkspace([], "user-1")).toBeUndefined();
  });
});
