/** A page loaded from its feature's entry point when its route opens still shows (/keys here). */
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { fakeServer } from "../../test/fake-server";
import { ApiKeysRoute } from "./lazy-routes";

afterEach(() => {
  vi.unstubAllGlobals();
});

it("shows the API keys page through its lazy route", async () => {
  const personal = { id: "user-1", kind: "personal", name: "Personal", role: "owner" };
  fakeServer({
    "GET /api/workspaces": () => ({ status: 200, body: { active: personal, workspaces: [personal] } }),
    "GET /api/keys": () => ({ status: 200, body: { keys: [] } }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/keys", element: <ApiKeysRoute /> }], {
    initialEntries: ["/keys"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  expect(await screen.findByRole("button", { name: "Create key" })).toBeInTheDocument();
});
