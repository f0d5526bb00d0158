/** The work list against a stand-in server: the query its filters send, bulk actions, phone cards. */
import { DEFAULT_INSPECTION_SETTINGS, type Workspace } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { stubMediaQueries } from "../../../test/media";
import { finding } from "../../../test/records";
import WorkListPage from "./work-list-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const TEAM: Workspace = { id: "team-1", kind: "team", name: "North Crew", role: "owner" };
const ROWS = [
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

function server() {
  return fakeServer({
    "GET /api/workspaces": () => ({ status: 200, body: { active: TEAM, workspaces: [TEAM] } }),
    "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }),
    "GET /api/regions": () => ({ status: 200, body: { regions: [] } }),
    "GET /api/auth/organization/list-members": () => ({
      status: 200,
      body: {
        members: [
          { id: "m-1", userId: "user-1", user: { email: "owner@example.test" } },
          { id: "m-2", userId: "user-2", user: { email: "crew@example.test" } },
        ],
      },
    }),
    "GET /api/findings": () => ({ status: 200, body: { findings: ROWS, nextCursor: null } }),
    "POST /api/findings/bulk": () => ({ status: 200, body: { changed: 2 } }),
    "GET /api/export": () => ({
      status: 200,
      body: "pole_tag\r\nLIV-1\r\n",
      headers: { "content-disposition": 'attachment; filename="poleatlas-north-crew-findings.csv"' },
    }),
  });
}

function renderAt(path: string) {
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

const findingQueries = (calls: Call[]) =>
  calls
    .filter((c) => c.method === "GET" && c.path.startsWith("/api/findings?"))
    .map((c) => Object.fromEntries(new URLSearchParams(c.path.split("?")[1])));

/** A phone's screen: the phone layout's media query matches. */
const onPhone = () => stubMediaQueries((query) => (query.includes("max-width") ? true : null));

describe("the work list", () => {
  it("shows tag, circuit, due (with its extension), step, assignee, work order and last visit", async () => {
    server();
    renderAt("/work");
    const table = await screen.findByRole("table", { name: "Work list" });
    const row = (await within(table).findByText("LIV-1")).closest("tr")!;
    for (const text of [
      "C7",
      "2026-07-01",
      "Extended (was 2026-06-01)",
      "Assigned",
      "crew@example.test",
      "WO-12",
    ]) {
      expect(within(row).getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(row).getByText("2025-10-02 · detailed")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "LIV-1" })).toHaveAttribute("href", "/map?pole=pole-1");
    expect(screen.getByRole("link", { name: "Pole at 52.500000, 13.400000" })).toHaveAttribute(
      "href",
      "/map?pole=pole-2",
    );
  });

  it("sends its filters and sort to the server, and 'My work' is assignee=me", async () => {
    const s = server();
    const router = renderAt("/work?assignee=me");
    await screen.findByText("LIV-1");
    expect(findingQueries(s.calls).at(-1)).toMatchObject({
      assignee: "me",
      status: "unresolved",
      sort: "due",
    });

    await userEvent.click(screen.getByRole("combobox", { name: "Level" }));
    await userEvent.click(await screen.findByRole("option", { name: "Level 1" }));
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ level: "1", assignee: "me" }));

    await userEvent.click(screen.getByRole("button", { name: "Pole tag" }));
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ sort: "tag", level: "1" }));
    await userEvent.click(screen.getByRole("button", { name: "Pole tag" }));
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ sort: "-tag" }));
    expect(router.state.location.search).toContain("sort=-tag");

    await userEvent.type(screen.getByRole("spinbutton", { name: "Due within (days)" }), "14");
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ due_within: "14" }));
  });

  it("exports its CSV as the export's findings layer, with the filters and sort it shows", async () => {
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:test");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const s = server();
    renderAt("/work?level=1&circuit=C7&sort=-tag&observed_from=2026-01-01");
    await screen.findByText("LIV-1");
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(s.calls.some((c) => c.path.startsWith("/api/export?"))).toBe(true));
    const call = s.calls.find((c) => c.path.startsWith("/api/export?"))!;
    expect(Object.fromEntries(new URLSearchParams(call.path.split("?")[1]))).toEqual({
      format: "csv",
      layer: "findings",
      from: "2026-01-01",
      status: "unresolved",
      level: "1",
      circuit: "C7",
      sort: "-tag",
    });
  });

  it("extends the chosen findings with a reason, and assigns every finding of the filter", async () => {
    const s = server();
    renderAt("/work?level=2");
    await screen.findByText("LIV-1");
    await userEvent.click(screen.getByRole("checkbox", { name: "LIV-1" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Apply" }));
    await userEvent.click(await screen.findByRole("option", { name: "Extend" }));
    const apply = screen.getByRole("button", { name: "Apply" });
    expect(apply).toBeDisabled();
    await userEvent.type(screen.getByLabelText("New due date"), "2026-09-01");
    await userEvent.type(screen.getByRole("textbox", { name: "Reason for the extension" }), "Outage window");
    await userEvent.click(apply);
    await waitFor(() =>
      expect(s.calls.find((c) => c.path === "/api/findings/bulk")?.body).toEqual({
        ids: ["f1"],
        patch: { due_on: "2026-09-01", extension_reason: "Outage window" },
      }),
    );

    await userEvent.click(screen.getByRole("checkbox", { name: "Select every finding of this filter" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Apply" }));
    await userEvent.click(await screen.findByRole("option", { name: "Assign" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Assign to" }));
    await userEvent.click(await screen.findByRole("option", { name: "crew@example.test" }));
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(s.calls.filter((c) => c.path === "/api/findings/bulk").at(-1)?.body).toEqual({
        filter: { status: "unresolved", level: "2" },
        patch: { assignee_id: "user-2" },
      }),
    );
    expect(await screen.findByText("2 findings changed.")).toBeInTheDocument();
  });

  it("on a phone, lists cards with the due date, nearest first, whatever sort the address names", async () => {
    onPhone();
    const s = server();
    renderAt("/work?assignee=me&sort=-tag");
    const cards = await screen.findByRole("list", { name: "Work list" });
    const items = await within(cards).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("2026-07-01", { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(findingQueries(s.calls).at(-1)).toMatchObject({ assignee: "me", sort: "due", limit: "100" });
  });
});
