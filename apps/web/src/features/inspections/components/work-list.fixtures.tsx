/** The work list's stand-in server and its rows, for the work list's component tests. */
import { DEFAULT_INSPECTION_SETTINGS, type Workspace } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { finding } from "../../../test/records";
import WorkListPage from "./work-list-page";

export const TEAM: Workspace = { id: "team-1", kind: "team", name: "North Crew", role: "owner" };
export const ROWS = [
  finding({
    id: "f1",
    pole_id: "pole-1",
    pole_tag: "LIV-1",
    pole_circuit: "C7",
    due_on: "2026-07-01",
    original_due_on: "2026-06-01",
    extensions: [
      {
        from_due_on: "2026-06-01",
        to_due_on: "2026-07-01",
        reason: "Outage window",
        extended_by: "user-1",
        extended_by_email: "owner@example.test",
        extended_on: "2026-05-20",
      },
    ],
    status: "assigned",
    assignee_id: "user-2",
    assignee_email: "crew@example.test",
    work_order: "WO-12",
    pole_last_visit: { on: "2025-10-02", type: "detailed" },
  }),
  // A pole its photos made has no tag yet.
  finding({ id: "f2", pole_id: "pole-2", pole_tag: "", due_on: "2026-08-01" }),
];

/** The team's two members, as better-auth lists them. */
export const MEMBERS = () => ({
  status: 200,
  body: {
    members: [
      { id: "m-1", userId: "user-1", user: { email: "owner@example.test" } },
      { id: "m-2", userId: "user-2", user: { email: "crew@example.test" } },
    ],
  },
});

export function server(more: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    "GET /api/workspaces": () => ({ status: 200, body: { active: TEAM, workspaces: [TEAM] } }),
    "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }),
    "GET /api/regions": () => ({ status: 200, body: { regions: [] } }),
    "GET /api/auth/organization/list-members": MEMBERS,
    "GET /api/findings": () => ({ status: 200, body: { findings: ROWS, nextCursor: null } }),
    "POST /api/findings/bulk": () => ({ status: 200, body: { changed: 2 } }),
    ...more,
    "GET /api/export": () => ({
      status: 200,
      body: "pole_tag\r\nLIV-1\r\n",
      headers: { "content-disposition": 'attachment; filename="poleatlas-north-crew-findings.csv"' },
    }),
  });
}

export function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: "/work", element: <WorkListPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

export const findingQueries = (calls: Call[]) =>
  calls
    .filter((c) => c.method === "GET" && c.path.startsWith("/api/findings?"))
    .map((c) => Object.fromEntries(new URLSearchParams(c.path.split("?")[1])));

/**
 * The list's own width as its ResizeObserver measures it (happy-dom lays nothing out): what
 * decides between the table and the cards. Returns a resize: the width the list is given next
 * (a phone turned, a window narrowed).
 */
export function listWidth(px: number): (next: number) => void {
  let width = px;
  const watching = new Set<() => void>();
  vi.stubGlobal(
    "ResizeObserver",
    class {
      private readonly report: () => void = () => {};
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const report = () => {
          const entry = { target, contentRect: { width } } as unknown as ResizeObserverEntry;
          this.callback([entry], this);
        };
        watching.add(report);
        Object.assign(this, { report });
        queueMicrotask(report);
      }
      unobserve() {}
      disconnect() {
        watching.delete(this.report);
      }
    },
  );
  return (next) => {
    width = next;
    for (const report of watching) report();
  };
}

export const bulkCalls = (calls: Call[]) => calls.filter((c) => c.path === "/api/findings/bulk");
