/** The work list against a stand-in server: the query its filters send, bulk actions, phone cards. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findingQueries, renderAt, server } from "./work-list.fixtures";

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    // The visit's type by the name the workspace gives it, as the pole record says it.
    expect(await within(row).findByText("2025-10-02 · Detailed")).toBeInTheDocument();
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
});
