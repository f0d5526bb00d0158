import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../test/fake-server";
import { renderAt } from "../test/render-auth";
import { ProtectedRoute } from "./protected-route";

const routes = [
  { path: "/login", element: <p>Login screen</p> },
  { element: <ProtectedRoute />, children: [{ path: "/map", element: <p>Map screen</p> }] },
];

describe("ProtectedRoute", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Loading...' while the session loads, then the page for a user", async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    fakeServer({ "GET /api/auth/get-session": () => new Promise((r) => (answer = r)) });
    renderAt("/map", routes);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    answer({ status: 200, body: { user: { id: "u1", email: "a@b.test" } } });
    expect(await screen.findByText("Map screen")).toBeInTheDocument();
  });

  it("sends a visitor without a session to /login", async () => {
    fakeServer();
    const { router } = renderAt("/map", routes);
    expect(await screen.findByText("Login screen")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });
});
