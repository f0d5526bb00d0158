/**
 * A finding's steps and edits from the pole record's rows, over the network boundary: what each
 * sends (with the version shown, If-Match), and a teammate's change meanwhile (412) said plainly
 * with the finding read again.
 */
import { DEFAULT_INSPECTION_SETTINGS, type Finding, type Workspace } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { finding } from "../../../test/records";
import { editPatch } from "./finding-dialogs-edit";
import { PoleFindings } from "./pole-findings";
import { MEMBERS } from "./work-list.fixtures";

afterEach(() => vi.unstubAllGlobals());

const TEAM: Workspace = { id: "team-1", kind: "team", name: "North Crew", role: "member" };
const assigned: Finding = finding({
  id: "f1",
  code: "crossarm",
  level: 2,
  notes: "Split at the east end",
  observed_on: "2026-01-01",
  due_on: "2027-01-01",
  status: "assigned",
  assignee_id: "user-2",
  assignee_email: "crew@example.test",
  work_order: "WO-9",
  version: 4,
});

function server(patch: (call: Call) => { status: number; body: unknown }) {
  let reads = 0;
  const net = fakeServer({
    "GET /api/workspaces": () => ({ status: 200, body: { active: TEAM, workspaces: [TEAM] } }),
    "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }),
    "GET /api/auth/organization/list-members": MEMBERS,
    "GET /api/findings": () => {
      reads += 1;
      return { status: 200, body: { findings: [assigned], nextCursor: null } };
    },
    "PATCH /api/findings/f1": patch,
  });
  return { ...net, reads: () => reads };
}

const ok = (call: Call) => ({
  status: 200,
  body: { finding: { ...assigned, ...(call.body as object), version: 5 } },
});

function showRecord() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <PoleFindings poleId="pole-1" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const patches = (calls: Call[]) => calls.filter((c) => c.method === "PATCH");

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Actions for crossarm on LIV-1" }));
  return screen.findByRole("menu");
}

describe("a finding in the pole record", () => {
  it("shows its step, assignee, work order, due date and notes, not only its code", async () => {
    server(ok);
    showRecord();
    const row = await screen.findByTestId("finding");
    for (const text of ["crossarm", "Level 2", "Step: Assigned", "Assigned to crew@example.test", "WO-9"]) {
      expect(within(row).getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(row).getByText("Split at the east end")).toBeInTheDocument();
    expect(within(row).getByText(/^Due /)).toBeInTheDocument();
  });

  it("moves a step from its menu, naming the version it shows", async () => {
    const net = server(ok);
    const user = showRecord();
    const menu = await openMenu(user);
    // From Assigned: start the work or send it back to open; resolving has its own dialog.
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((m) => m.textContent),
    ).toEqual([
      "Back to open",
      "Start work (in progress)",
      "Resolve…",
      "Edit level, notes, assignee, work order, due date…",
    ]);
    await user.click(within(menu).getByRole("menuitem", { name: "Start work (in progress)" }));
    await waitFor(() => expect(patches(net.calls)).toHaveLength(1));
    expect(patches(net.calls)[0]!.body).toEqual({ status: "in-progress" });
    expect(patches(net.calls)[0]!.headers?.get("if-match")).toBe('"4"');
    expect(await screen.findByText("Moved to In progress.")).toBeInTheDocument();

    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Back to open" }));
    await waitFor(() => expect(patches(net.calls).at(-1)!.body).toEqual({ status: "open" }));
  });

  it("edits level, notes, assignee and work order, sending only what changed", async () => {
    const net = server(ok);
    const user = showRecord();
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: /^Edit/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit finding" });
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Level 1" }));
    await user.clear(within(dialog).getByRole("textbox", { name: "Notes" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Notes" }), "Split");
    await user.click(within(dialog).getByRole("combobox", { name: "Assign to" }));
    await user.click(await screen.findByRole("option", { name: "owner@example.test" }));
    await user.clear(within(dialog).getByRole("textbox", { name: "Work order" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Work order" }), "WO-10");
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(patches(net.calls)[0]!.body).toEqual({
      level: 1,
      notes: "Split",
      assignee_id: "user-1",
      work_order: "WO-10",
    });
  });

  it("extends the due date only with a reason", async () => {
    const net = server(ok);
    const user = showRecord();
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: /^Edit/ }));
    const again = await screen.findByRole("dialog", { name: "Edit finding" });
    await user.clear(within(again).getByLabelText("New due date"));
    await user.type(within(again).getByLabelText("New due date"), "2027-03-01");
    // A later date is an extension: not sent without its reason.
    expect(within(again).getByRole("button", { name: "Save" })).toBeDisabled();
    await user.type(within(again).getByRole("textbox", { name: "Reason for the extension" }), "Road");
    await user.click(within(again).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(patches(net.calls).at(-1)!.body).toEqual({
        due_on: "2027-03-01",
        extension_reason: "Road",
      }),
    );
  });

  it("says a teammate changed it meanwhile (412), and reads it again", async () => {
    const net = server(() => ({
      status: 412,
      body: {
        code: "edit_conflict",
        message: "Someone else changed this since you opened it.",
        finding: { ...assigned, status: "in-progress", version: 5 },
      },
    }));
    const user = showRecord();
    await screen.findByTestId("finding");
    const before = net.reads();
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Back to open" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Someone else changed this finding since you opened it. It now shows as it is: check it and try again.",
    );
    await waitFor(() => expect(net.reads()).toBeGreaterThan(before));
  });

  it("keeps in the edit dialog what a refused save typed, with the reason", async () => {
    server(() => ({ status: 409, body: { code: "finding_resolved", message: "This finding is resolved." } }));
    const user = showRecord();
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: /^Edit/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit finding" });
    await user.type(within(dialog).getByRole("textbox", { name: "Work order" }), "-B");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This finding is resolved.")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Work order" })).toHaveValue("WO-9-B");
  });

  it("gives the keyboard to the finding's menu once 'Resolve' has gone with the step it took", async () => {
    let now = assigned;
    fakeServer({
      "GET /api/workspaces": () => ({ status: 200, body: { active: TEAM, workspaces: [TEAM] } }),
      "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }),
      "GET /api/auth/organization/list-members": MEMBERS,
      "GET /api/findings": () => ({ status: 200, body: { findings: [now], nextCursor: null } }),
      "PATCH /api/findings/f1": () => {
        now = { ...assigned, status: "resolved", resolved_on: "2026-12-01", action: "Replaced", version: 5 };
        return { status: 200, body: { finding: now } };
      },
    });
    const user = showRecord();
    await user.click(await screen.findByRole("button", { name: "Resolve" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolve finding" });
    await user.type(within(dialog).getByLabelText(/Action taken/), "Replaced");
    await user.click(within(dialog).getByRole("button", { name: "Resolve" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText(/Replaced/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resolve" })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Actions for crossarm on LIV-1" })).toHaveFocus(),
    );
  });
});

describe("editPatch", () => {
  const form = { level: 2 as const, notes: "Split at the east end", assignee: "user-2", workOrder: "WO-9" };
  it("sends nothing unchanged, and never a new level beside an extension", () => {
    expect(editPatch(assigned, { ...form, dueOn: "2027-01-01", reason: "" })).toBeNull();
    expect(editPatch(assigned, { ...form, dueOn: "2027-02-01", reason: "" })).toBeNull();
    expect(editPatch(assigned, { ...form, level: 1, dueOn: "2027-02-01", reason: "Storm" })).toBeNull();
    expect(editPatch(assigned, { ...form, assignee: "none", dueOn: "2027-01-01", reason: "" })).toEqual({
      assignee_id: null,
    });
  });
});
