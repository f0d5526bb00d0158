/**
 * The panel's findings over the network boundary: a new finding is observed today, and a
 * resolution's new photo is stored on the finding's pole (moved there when its position put it
 * elsewhere) before the finding names it as the repair.
 */
import { DEFAULT_INSPECTION_SETTINGS, formatDate, type Finding, type Workspace } from "@poleatlas/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { finding, photo } from "../../../test/records";
import { localToday } from "../lib/days";
import { PoleFindings } from "./pole-findings";

// The upload client (tus) is the network boundary here: what it stored is said by each test.
const uploaded: { answer: unknown } = vi.hoisted(() => ({ answer: null }));
vi.mock("../../upload", () => ({ uploadResumable: vi.fn(() => Promise.resolve(uploaded.answer)) }));

const today = localToday();
const shown = photo({ id: "p1", pole_id: "pole-1", date: "2024-05-01" });
const open: Finding = finding({
  id: "f1",
  pole_id: "pole-1",
  pole_tag: "LIV-1",
  latitude: 52.5,
  longitude: 13.4,
  region_id: "13.4,52.5",
  image_id: null,
  code: "crossarm",
  level: 2,
  notes: null,
  observed_on: "2024-05-10",
  due_on: "2025-05-10",
  status: "open",
  overdue: false,
  created_by: "u1",
  created_by_email: "a@c.test",
  resolved_on: null,
  resolved_by: null,
  action: null,
  repair_image_id: null,
});

function server(more: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...more,
    "GET /api/workspace/settings": () => ({ status: 200, body: DEFAULT_INSPECTION_SETTINGS }),
    "GET /api/findings": () => ({ status: 200, body: { findings: [open], nextCursor: null } }),
    "PATCH /api/images/img-9": () => ({
      status: 200,
      body: { image: photo({ id: "img-9", pole_id: "pole-1" }) },
    }),
    "PATCH /api/findings/f1": () => ({
      status: 200,
      body: { finding: { ...open, status: "resolved", resolved_on: today, action: "Replaced" } },
    }),
    "POST /api/poles/pole-1/findings": () => ({ status: 201, body: { finding: { ...open, id: "f2" } } }),
  });
}

/** The panel's findings for the shown photo, as a member sees them. */
function showPanel() {
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PoleFindings poleId="pole-1" photo={shown} />
    </QueryClientProvider>,
  );
  return user;
}

/** 'Add finding' filled in as a Level 1 lean, not saved yet. */
async function newLevel1Lean(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Add finding" }));
  await user.click(await screen.findByRole("combobox", { name: "Code" }));
  await user.click(await screen.findByRole("option", { name: /^lean/ }));
  await user.click(screen.getByRole("button", { name: "Level 1" }));
}

const level1Lean = { code: "lean", level: 1, observed_on: today, image_id: "p1" };
const posted = (net: ReturnType<typeof server>) => net.calls.find((c) => c.method === "POST")?.body;

async function resolveWithNewPhoto() {
  const user = showPanel();
  await user.click(await screen.findByRole("button", { name: "Resolve" }));
  await user.type(await screen.findByLabelText(/Action taken/), "Replaced");
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "repair.jpg", { type: "image/jpeg" });
  await user.upload(screen.getByLabelText("Choose a new photo"), file);
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Resolve" }));
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe("PoleFindings", () => {
  it("writes the due date as the visits and photos write theirs", async () => {
    server();
    showPanel();
    expect(await screen.findByText(`Due ${formatDate("2025-05-10")}`, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/2025-05-10/)).not.toBeInTheDocument();
  });

  it("stores a new repair photo on the finding's pole, then resolves with it", async () => {
    // The phone's GPS put the photo on another pole.
    uploaded.answer = { image: photo({ id: "img-9", pole_id: "pole-2", version: 3 }), duplicate: false };
    const net = server();
    await resolveWithNewPhoto();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const writes = net.actions().filter((c) => c.method === "PATCH");
    expect(writes).toEqual([
      { method: "PATCH", path: "/api/images/img-9", body: { pole_id: "pole-1" } },
      {
        method: "PATCH",
        path: "/api/findings/f1",
        body: { resolve: { action: "Replaced", resolved_on: today, image_id: "img-9", today } },
      },
    ]);
  });

  it("does not take a photo already stored on another pole, and leaves the finding open", async () => {
    uploaded.answer = { image: photo({ id: "img-9", pole_id: "pole-2" }), duplicate: true };
    const net = server();
    await resolveWithNewPhoto();
    expect(await screen.findByText(/already stored on another pole/)).toBeInTheDocument();
    expect(net.actions().filter((c) => c.method === "PATCH")).toEqual([]);
  });

  it("adds a finding observed today, on the shown photo", async () => {
    const net = server();
    const user = showPanel();
    await newLevel1Lean(user);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posted(net)).toEqual(level1Lean));
  });

  it("assigns the new finding to a member of the team as it is recorded", async () => {
    const team: Workspace = { id: "team-1", kind: "team", name: "North Crew", role: "owner" };
    const net = server({
      "GET /api/workspaces": () => ({ status: 200, body: { active: team, workspaces: [team] } }),
      "GET /api/auth/organization/list-members": () => ({
        status: 200,
        body: { members: [{ id: "m-2", userId: "user-2", user: { email: "crew@example.test" } }] },
      }),
    });
    const user = showPanel();
    await newLevel1Lean(user);
    const assignTo = await screen.findByRole("combobox", { name: "Assign to" });
    expect(assignTo).toHaveTextContent("Unassigned");
    await user.click(assignTo);
    await user.click(await screen.findByRole("option", { name: "crew@example.test" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posted(net)).toEqual({ ...level1Lean, assignee_id: "user-2" }));
  });
});
