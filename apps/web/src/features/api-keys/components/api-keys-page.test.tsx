/** The /keys page against a stand-in server: the list, a new key shown once and copied, revoking after a yes. */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ApiKeyItem } from "@poleatlas/shared";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import ApiKeysPage from "./api-keys-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const PERSONAL = { id: "user-1", kind: "personal", name: "Personal", role: "owner" };
const TEAM = { id: "team-1", kind: "team", name: "North Crew", role: "owner" };
const SECRET = "pa_s3cr3tKeyValue0123456789";

const item = (over: Partial<ApiKeyItem> & { id: string; name: string }): ApiKeyItem => ({
  scope: "read",
  workspaceId: TEAM.id,
  workspaceName: TEAM.name,
  start: "pa_abc",
  createdAt: "2026-11-20T09:00:00.000Z",
  lastUsedAt: null,
  ...over,
});

/** A server whose key list follows what was created and revoked. */
function keysServer(initial: ApiKeyItem[]) {
  let keys = [...initial];
  const routes: Parameters<typeof fakeServer>[0] = {
    "GET /api/workspaces": () => ({ status: 200, body: { active: TEAM, workspaces: [PERSONAL, TEAM] } }),
    "GET /api/keys": () => ({ status: 200, body: { keys } }),
    "POST /api/keys": (call) => {
      const body = call.body as { name: string; scope: "read" | "write" };
      keys = [
        item({ id: "k-new", name: body.name, scope: body.scope, createdAt: "2026-11-26T08:00:00.000Z" }),
        ...keys,
      ];
      return { status: 201, body: { id: "k-new", key: SECRET } };
    },
  };
  for (const k of initial) {
    routes[`DELETE /api/keys/${k.id}`] = () => {
      keys = keys.filter((x) => x.id !== k.id);
      return { status: 204, body: null };
    };
  }
  return fakeServer(routes);
}

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: "/keys", element: <ApiKeysPage /> }], {
    initialEntries: ["/keys"],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("ApiKeysPage", () => {
  it("lists the keys with their scope, workspace and last use", async () => {
    keysServer([
      item({ id: "k-1", name: "QGIS laptop", lastUsedAt: "2026-11-25T10:00:00.000Z" }),
      item({
        id: "k-2",
        name: "Nightly sync",
        scope: "write",
        workspaceId: "user-1",
        workspaceName: "Personal",
      }),
    ]);
    renderPage();
    const table = await screen.findByRole("table", { name: "API keys" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual([
      "QGIS laptoppa_abc…",
      "Nightly syncpa_abc…",
    ]);
    expect(rows[0]).toHaveTextContent("North Crew");
    expect(rows[1]).toHaveTextContent("Read and write");
    expect(rows[1]).toHaveTextContent("Personal");
    expect(rows[1]).toHaveTextContent("never");
  });

  it("creates a key for the active workspace, shows it once and copies it", async () => {
    const user = userEvent.setup();
    const server = keysServer([]);
    const view = renderPage();
    expect(await screen.findByText("For workspace North Crew")).toBeInTheDocument();
    expect(await screen.findByText("No API keys yet.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "  QGIS office ");
    await user.click(screen.getByRole("combobox", { name: "Scope" }));
    await user.click(screen.getByRole("option", { name: "Read and write" }));
    await user.click(screen.getByRole("button", { name: "Create key" }));

    expect(await screen.findByTestId("new-api-key")).toHaveTextContent(SECRET);
    expect(screen.getByText("Copy this key now: it is shown only once.")).toBeInTheDocument();
    expect(server.actions().find((c) => c.method === "POST")?.body).toEqual({
      name: "QGIS office",
      scope: "write",
    });
    const table = await screen.findByRole("table", { name: "API keys" });
    expect(within(table).getByText("QGIS office")).toBeInTheDocument();
    expect(table).not.toHaveTextContent(SECRET);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Coming back to the page: the list, never the key again.
    view.unmount();
    renderPage();
    expect(await screen.findByRole("table", { name: "API keys" })).toHaveTextContent("QGIS office");
    expect(screen.queryByTestId("new-api-key")).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it("revokes a key only after a yes, then says so", async () => {
    const user = userEvent.setup();
    const server = keysServer([
      item({ id: "k-1", name: "QGIS laptop" }),
      item({ id: "k-2", name: "Old script" }),
    ]);
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Revoke Old script" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke this key?" });
    expect(dialog).toHaveTextContent("Old script stop working at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.actions().filter((c) => c.method === "DELETE")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Revoke Old script" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Key Old script revoked.")).toBeInTheDocument();
    expect(
      server
        .actions()
        .filter((c) => c.method === "DELETE")
        .map((c) => c.path),
    ).toEqual(["/api/keys/k-2"]);
    await waitFor(() => expect(screen.queryByText("Old script")).not.toBeInTheDocument());
    expect(screen.getByText("QGIS laptop")).toBeInTheDocument();
  });
});
