import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { useAuth } from "../hooks/auth-context";
import { renderAt } from "../test/render-auth";

/** Shows who is signed in and offers sign-out, reporting a failed call as the map screen logs it. */
function Account() {
  const { user, signOut } = useAuth();
  return (
    <>
      <p>{user ? `Signed in as ${user.email}` : "Signed out"}</p>
      <button onClick={() => void signOut().catch(() => undefined)}>Sign out</button>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
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
