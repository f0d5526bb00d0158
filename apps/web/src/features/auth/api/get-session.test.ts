import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchSessionUser } from "./get-session";

const KEY = "poleatlas.offline-user";
const alice = { id: "u-alice", email: "alice@example.com" };

function serverSays(user: { id: string; email: string } | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(user ? { user } : null), { status: 200 }))),
  );
}

function networkDown() {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("fetchSessionUser offline (installable app)", () => {
  it("with no network gives the last user the server confirmed on this device", async () => {
    serverSays(alice);
    await expect(fetchSessionUser()).resolves.toEqual(alice);
    networkDown();
    await expect(fetchSessionUser()).resolves.toEqual(alice);
  });

  it("with no network and nobody confirmed before, fails as before", async () => {
    networkDown();
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("forgets the user once the server says the session is gone", async () => {
    serverSays(alice);
    await fetchSessionUser();
    serverSays(null);
    await expect(fetchSessionUser()).resolves.toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    networkDown();
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 0 });
  });

  it("a refusal from the server is not treated as being offline", async () => {
    serverSays(alice);
    await fetchSessionUser();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response("{}", { status: 500 }))),
    );
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 500 });
  });
});
