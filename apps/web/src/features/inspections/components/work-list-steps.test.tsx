/**
 * Every step of a finding from the work list: a row's menu (with the version shown, If-Match, and
 * a teammate's change meanwhile said plainly), the header checkbox named for what it does, the
 * selection announced, and each step of the bulk bar.
 */
import type { Workspace } from "@poleatlas/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Call } from "../../../test/fake-server";
import { localToday } from "../lib/days";
import { bulkCalls, findingQueries, renderAt, ROWS, server, TEAM } from "./work-list.fixtures";

afterEach(() => vi.unstubAllGlobals());

const patchOk = (call: Call) => ({
  status: 200,
  body: { finding: { ...ROWS[0], ...(call.body as object), version: 2 } },
});
const patches = (calls: Call[]) => calls.filter((c) => c.method === "PATCH");
const rowOf = async (tag: string) => (await screen.findByRole("link", { name: tag })).closest("tr")!;

describe("a work list row", () => {
  it("moves a step from its menu, naming the version it shows", async () => {
    const s = server({ "PATCH /api/findings/f1": patchOk });
    renderAt("/work");
    const user = userEvent.setup();
    const row = await rowOf("LIV-1");
    await user.click(within(row).getByRole("button", { name: "Actions for lean on LIV-1" }));
    await user.click(await screen.findByRole("menuitem", { name: "Start work (in progress)" }));
    await waitFor(() => expect(patches(s.calls)).toHaveLength(1));
    expect(patches(s.calls)[0]!.body).toEqual({ status: "in-progress" });
    expect(patches(s.calls)[0]!.headers?.get("if-match")).toBe('"1"');
  });

  it("resolves from its menu with the action taken", async () => {
    const s = server({ "PATCH /api/findings/f1": patchOk });
    renderAt("/work");
    const user = userEvent.setup();
    const row = await rowOf("LIV-1");
    await user.click(within(row).getByRole("button", { name: "Actions for lean on LIV-1" }));
    await user.click(await screen.findByRole("menuitem", { name: "Resolve…" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolve finding" });
    await user.type(within(dialog).getByRole("textbox", { name: "Action taken" }), "Replaced");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    await waitFor(() =>
      expect(patches(s.calls).at(-1)!.body).toEqual({
        resolve: { action: "Replaced", resolved_on: localToday(), today: localToday() },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says a teammate changed the finding (412) and reloads the list", async () => {
    const s = server({
      "PATCH /api/findings/f1": () => ({
        status: 412,
        body: {
          code: "edit_conflict",
          message: "Someone else changed this since you opened it.",
          finding: ROWS[0],
        },
      }),
    });
    renderAt("/work");
    const user = userEvent.setup();
    const row = await rowOf("LIV-1");
    const reads = findingQueries(s.calls).length;
    await user.click(within(row).getByRole("button", { name: "Actions for lean on LIV-1" }));
    await user.click(await screen.findByRole("menuitem", { name: "Back to open" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Someone else changed this finding since you opened it.",
    );
    await waitFor(() => expect(findingQueries(s.calls).length).toBeGreaterThan(reads));
  });

  it("offers no steps to a viewer", async () => {
    const viewer: Workspace = { ...TEAM, role: "viewer" };
    server({
      "GET /api/workspaces": () => ({ status: 200, body: { active: viewer, workspaces: [viewer] } }),
    });
    renderAt("/work");
    await rowOf("LIV-1");
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /^Actions for/ })).not.toBeInTheDocument(),
    );
  });
});

describe("choosing findings", () => {
  it("names the header checkbox for what it does and announces the count", async () => {
    server();
    renderAt("/work");
    await rowOf("LIV-1");
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every finding on this page" }));
    expect(status).toHaveTextContent("2 selected");
    expect(screen.getByRole("combobox", { name: "Apply" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "LIV-1" }));
    expect(status).toHaveTextContent("1 selected");
  });
});

describe("the bulk bar", () => {
  const ids = ["f1", "f2"];
  async function apply(action: string, fill?: () => Promise<void>) {
    await userEvent.click(screen.getByRole("combobox", { name: "Apply" }));
    await userEvent.click(await screen.findByRole("option", { name: action }));
    await fill?.();
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
  }

  it("offers every step, and starts and sends back to open", async () => {
    const s = server();
    renderAt("/work");
    await rowOf("LIV-1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every finding on this page" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Apply" }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Start work (in progress)",
      "Back to open",
      "Resolve",
      "Set level",
      "Assign",
      "Set work order",
      "Extend",
    ]);
    await userEvent.keyboard("{Escape}");
    await apply("Start work (in progress)");
    await waitFor(() =>
      expect(bulkCalls(s.calls).at(-1)?.body).toEqual({ ids, patch: { status: "in-progress" } }),
    );
    // A finished action leaves nothing chosen: choose again for the next.
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every finding on this page" }));
    await apply("Back to open");
    await waitFor(() => expect(bulkCalls(s.calls).at(-1)?.body).toEqual({ ids, patch: { status: "open" } }));
  });

  it("sets a level and resolves in bulk", async () => {
    const s = server();
    renderAt("/work");
    await rowOf("LIV-1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every finding on this page" }));
    await apply("Set level", async () => {
      await userEvent.click(screen.getByRole("combobox", { name: "Set level" }));
      await userEvent.click(await screen.findByRole("option", { name: "Level 1" }));
    });
    await waitFor(() => expect(bulkCalls(s.calls).at(-1)?.body).toEqual({ ids, patch: { level: 1 } }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every finding on this page" }));
    await apply("Resolve", async () => {
      await userEvent.type(screen.getByRole("textbox", { name: "Action taken" }), "Replaced");
    });
    await waitFor(() =>
      expect(bulkCalls(s.calls).at(-1)?.body).toEqual({
        ids,
        patch: { resolve: { action: "Replaced", resolved_on: localToday(), today: localToday() } },
      }),
    );
  });

  it("says why the server refused, and changes none", async () => {
    server({
      "POST /api/findings/bulk": () => ({
        status: 409,
        body: { code: "step_not_allowed", message: "A finding cannot go from open to in-progress." },
      }),
    });
    renderAt("/work");
    await rowOf("LIV-1");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every finding on this page" }));
    await apply("Start work (in progress)");
    expect(await screen.findByText("A finding cannot go from open to in-progress.")).toBeInTheDocument();
  });
});
