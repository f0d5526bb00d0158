/** The /notifications page against a stand-in server: three switches, each saved as it is flipped. */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { NotificationPreferences } from "@poleatlas/shared";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import NotificationsPage from "./notifications-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const PERSONAL = { id: "user-1", kind: "personal", name: "Personal", role: "owner" };
const TEAM = { id: "team-1", kind: "team", name: "North Crew", role: "member" };

function alertsServer(opts: { failPut?: boolean; slowPut?: Promise<void> } = {}) {
  let preferences: NotificationPreferences = { level1: true, assignment: true, digest: true };
  return fakeServer({
    "GET /api/workspaces": () => ({ status: 200, body: { active: TEAM, workspaces: [PERSONAL, TEAM] } }),
    "GET /api/me/notifications": () => ({ status: 200, body: { workspace_id: TEAM.id, preferences } }),
    "PUT /api/me/notifications": async (call) => {
      await opts.slowPut;
      if (opts.failPut) return { status: 500, body: { code: "internal", message: "Down" } };
      preferences = { ...preferences, ...(call.body as Partial<NotificationPreferences>) };
      return { status: 200, body: { workspace_id: TEAM.id, preferences } };
    },
  });
}

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: "/notifications", element: <NotificationsPage /> }], {
    initialEntries: ["/notifications"],
  });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("NotificationsPage", () => {
  it("shows one switch per kind, all on, for the open workspace", async () => {
    alertsServer();
    renderPage();
    for (const name of [
      "New Level 1 findings",
      "Findings assigned to me",
      "Daily list of my findings due soon",
    ]) {
      expect(await screen.findByRole("switch", { name })).toBeChecked();
    }
    expect(screen.getByText(/each team has its own\. \(North Crew\)/)).toBeInTheDocument();
  });

  it("saves a kind turned off, naming only that kind", async () => {
    const user = userEvent.setup();
    const server = alertsServer();
    renderPage();
    const digest = await screen.findByRole("switch", { name: "Daily list of my findings due soon" });
    await user.click(digest);
    await waitFor(() => expect(digest).not.toBeChecked());
    expect(server.actions().filter((c) => c.method === "PUT")).toEqual([
      { method: "PUT", path: "/api/me/notifications", body: { digest: false } },
    ]);
    expect(screen.getByRole("switch", { name: "New Level 1 findings" })).toBeChecked();
  });

  it("says so when a change is not saved, and keeps the switch as it was", async () => {
    const user = userEvent.setup();
    alertsServer({ failPut: true });
    renderPage();
    const level1 = await screen.findByRole("switch", { name: "New Level 1 findings" });
    await user.click(level1);
    expect(await screen.findByText("The change was not saved; try again.")).toBeInTheDocument();
    expect(level1).toBeChecked();
  });

  it("keeps the keyboard on a switch while its change is sent: a second Space flips it back", async () => {
    const user = userEvent.setup();
    let answer = () => {};
    const server = alertsServer({ slowPut: new Promise<void>((resolve) => (answer = resolve)) });
    renderPage();
    const level1 = await screen.findByRole("switch", { name: "New Level 1 findings" });
    level1.focus();
    await user.keyboard(" ");
    expect(level1).not.toBeChecked();
    expect(level1).toHaveFocus();
    expect(level1).toBeEnabled();
    await user.keyboard(" ");
    expect(level1).toBeChecked();
    expect(level1).toHaveFocus();
    answer();
    await waitFor(() => expect(server.actions().filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(
      server
        .actions()
        .filter((c) => c.method === "PUT")
        .map((c) => c.body),
    ).toEqual([{ level1: false }, { level1: true }]);
    // Sent one after the other, the last answer is the last change.
    await waitFor(() => expect(level1).toBeChecked());
    expect(level1).toHaveFocus();
  });
});
