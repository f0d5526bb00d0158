import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { useAuth } from "../hooks/auth-context";
import { setSignOutPending } from "../lib/pending-sign-out";
import { renderAt } from "../../../test/render-auth";

/** Shows who is signed in and offers sign-out, reporting a failed call as the map screen logs it. */
function Account() {
  const { user, signOut, signOutPending } = useAuth();
  return (
    <>
      <p>{user ? `Signed in as ${user.email}` : "Signed out"}</p>
      {signOutPending && <p>Sign-out pending</p>}
      <button onClick={() => void signOut().catch(() => undefined)}>Sign out</button>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSignOutPending(false);
});

describe("AuthProvider: sign-out", () => {
  it.each([
    ["the server refuses it", { status: 500, body: { code: "internal", message: "Database down" } }],
    ["the session is already gone", { status: 401, body: { code: "unauthorized", message: "No session" } }],
  ])("forgets the user locally even when %s", async (_why, answer) => {
    const server = fakeServer({
      "GET /api/auth/get-session": () => ({ status: 200, body: { user: { id: "u1", email: "a@b.test" } } }),
      "POST /api/auth/sign-out": () => answer,
    });
    renderAt("/", [{ path: "/", element: <Account /> }]);
    expect(await screen.findByText("Signed in as a@b.test")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(screen.getByText("Signed out")).toBeInTheDocument());
    expect(server.actions().map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/auth/sign-out"]);
  });
});

describe("AuthProvider: sign-out while offline", () => {
  it("keeps the device signed out until the server has ended the session", async () => {
    let online = true;
    let session = true;
    const server = fakeServer({
      // The session cookie outlives an offline Logout: the server still knows the user.
      "GET /api/auth/get-session": () => ({
        status: 200,
        body: session ? { user: { id: "u1", email: "a@b.test" } } : null,
      }),
      "POST /api/auth/sign-out": () => {
        if (!online) throw new TypeError("Failed to fetch");
        session = false;
        return { status: 200, body: { success: true } };
      },
    });
    const first = renderAt("/", [{ path: "/", element: <Account /> }]);
    expect(await screen.findByText("Signed in as a@b.test")).toBeInTheDocument();
    online = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Sign-out pending")).toBeInTheDocument();
    expect(screen.getByText("Signed out")).toBeInTheDocument();
    first.unmount();

    // The next start, still offline: nobody, and no session read that would bring the user back.
    renderAt("/", [{ path: "/", element: <Account /> }]);
    expect(await screen.findByText("Sign-out pending")).toBeInTheDocument();
    expect(screen.getByText("Signed out")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === "/api/auth/get-session")).toHaveLength(1);

    // Back online: the sign-out reaches the server, then the session is read.
    online = true;
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.queryByText("Sign-out pending")).not.toBeInTheDocument());
    expect(session).toBe(false);
    expect(screen.getByText("Signed out")).toBeInTheDocument();
    expect(server.actions().map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/auth/sign-out",
      "POST /api/auth/sign-out",
      "POST /api/auth/sign-out",
    ]);
  });
});
