/**
 * The work list where its own width is narrow (a phone at 390 px, a desktop at 400 % zoom: 320 CSS
 * px): cards, with every function of the table kept, and the keyboard kept on the screen when the
 * table gives way to them.
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bulkCalls, findingQueries, listWidth, renderAt, ROWS, server } from "./work-list.fixtures";

afterEach(() => vi.unstubAllGlobals());

describe("the narrow work list", () => {
  it("is a table where the list is wide, cards where it is narrow", async () => {
    listWidth(1200);
    server();
    renderAt("/work");
    expect(await screen.findByRole("table", { name: "Work list" })).toBeInTheDocument();
  });

  it("keeps the filters, the sort and row menus at 320 px", async () => {
    listWidth(320);
    const s = server();
    const router = renderAt("/work?assignee=me");
    const cards = await screen.findByRole("list", { name: "Work list" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const items = await within(cards).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("2026-07-01", { exact: false })).toBeInTheDocument();
    expect(within(items[0]!).getByRole("button", { name: "Actions for lean on LIV-1" })).toBeInTheDocument();
    // My work's first page is the one kept for offline use: 100 findings.
    expect(findingQueries(s.calls).at(-1)).toMatchObject({ assignee: "me", sort: "due", limit: "100" });

    // My work is a filter already set: the button says how many are.
    await userEvent.click(screen.getByRole("button", { name: "Filters (1)" }));
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    await userEvent.click(within(sheet).getByRole("combobox", { name: "Level" }));
    await userEvent.click(await screen.findByRole("option", { name: "Level 1" }));
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ level: "1", assignee: "me" }));
    await userEvent.click(within(sheet).getByRole("button", { name: "Close" }));
    expect(await screen.findByRole("button", { name: "Filters (2)" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("combobox", { name: "Sort by" }));
    await userEvent.click(await screen.findByRole("option", { name: "Pole tag" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Descending" }));
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ sort: "-tag" }));
    expect(router.state.location.search).toContain("sort=-tag");
  });

  it("keeps selection, the bulk bar, CSV and paging at 320 px", async () => {
    listWidth(320);
    const s = server({
      "GET /api/findings": (call) => ({
        status: 200,
        body: { findings: ROWS, nextCursor: call.path.includes("cursor=") ? null : "c2" },
      }),
    });
    renderAt("/work");
    await userEvent.click(await screen.findByRole("checkbox", { name: "LIV-1" }));
    expect(screen.getByRole("status")).toHaveTextContent("1 selected");
    await userEvent.click(screen.getByRole("combobox", { name: "Apply" }));
    await userEvent.click(await screen.findByRole("option", { name: "Back to open" }));
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(bulkCalls(s.calls).at(-1)?.body).toEqual({ ids: ["f1"], patch: { status: "open" } }),
    );
    expect(screen.getByRole("checkbox", { name: "Select every finding on this page" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select every finding of this filter" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ cursor: "c2" }));
  });

  it("goes back to the first page when a new width changes the page size", async () => {
    const resize = listWidth(1200);
    const s = server({
      "GET /api/findings": (call) => ({
        status: 200,
        body: { findings: ROWS, nextCursor: call.path.includes("cursor=") ? null : "c2" },
      }),
    });
    renderAt("/work");
    await screen.findByRole("table", { name: "Work list" });
    await userEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ cursor: "c2", limit: "25" }));

    // The second page of 25 is not the second page of 100: the cards start again at the first.
    act(() => resize(320));
    await screen.findByRole("list", { name: "Work list" });
    await waitFor(() => expect(findingQueries(s.calls).at(-1)).toMatchObject({ limit: "100" }));
    expect(findingQueries(s.calls).at(-1)).not.toHaveProperty("cursor");
    expect(screen.getByText(/^1–/)).toBeInTheDocument();
  });

  it("gives the keyboard to the heading when the table gives way to cards under it", async () => {
    // The list's observer, told a new width as a zoom or a turned phone would.
    let resized: (px: number) => void = () => {};
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          resized = (px) => {
            const entry = { target, contentRect: { width: px } } as unknown as ResizeObserverEntry;
            act(() => this.callback([entry], this));
          };
          queueMicrotask(() => resized(1200));
        }
        unobserve() {}
        disconnect() {}
      },
    );
    server();
    renderAt("/work");
    const table = await screen.findByRole("table", { name: "Work list" });
    const all = within(table).getByRole("checkbox", { name: "Select every finding on this page" });
    all.focus();
    expect(all).toHaveFocus();
    resized(320);
    await screen.findByRole("list", { name: "Work list" });
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Work list" })).toHaveFocus());
  });
});
