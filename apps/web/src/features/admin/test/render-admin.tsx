/** The admin page (and its sidebar entry) in a memory router against the fake server's answers. */
import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { AuditEntry, MemberUsage, Workspace } from "@poleatlas/shared";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AdminNavItem } from "../components/admin-nav-item";
import AdminPage from "../components/admin-page";

export const MB = 1024 * 1024;
export const TEAM: Workspace = { id: "team-1", kind: "team", name: "North Crew", role: "owner" };
export const PERSONAL: Workspace = { id: "user-1", kind: "personal", name: "Personal", role: "owner" };

export const workspacesAnswer = (active: Workspace) => () => ({
  status: 200,
  body: { active, workspaces: [PERSONAL, TEAM] },
});

export const member = (over: Partial<MemberUsage> & { user_id: string; email: string }): MemberUsage => ({
  name: "",
  role: "member",
  used_bytes: 10 * MB,
  cap_bytes: null,
  ...over,
});

export const auditEntry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: "2026-11-23T10:00:00.000Z",
  actor_id: "user-1",
  actor_email: "owner@example.test",
  action: "quota.set",
  target_type: "user",
  target_id: "user-2",
  details: {},
  names: {},
  ...over,
});

export function renderAdmin(at: "/admin" | "/map" = "/admin") {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: "/admin", element: <AdminPage /> },
      { path: "/map", element: <AdminNavItem /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
