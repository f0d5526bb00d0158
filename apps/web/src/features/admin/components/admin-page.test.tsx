/** The /admin page against a stand-in server: who may see it, members, the pool and caps, roles, removal. */
import { DEFAULT_MEASURE_SETTINGS } from "@poleatlas/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { MB, member, PERSONAL, renderAdmin, TEAM, workspacesAnswer } from "../test/render-admin";

afterEach(() => {
  vi.unstubAllGlobals();
});

const OWNER = member({ user_id: "user-1", email: "owner@example.test", role: "owner", name: "Olga" });
const CREW = member({
  user_id: "user-2",
  email: "crew@example.test",
  used_bytes: 45 * MB,
  cap_bytes: 50 * MB,
});

function teamServer(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    "GET /api/workspaces": workspacesAnswer(TEAM),
    "GET /api/admin/members": () => ({
      status: 200,
      body: { members: [CREW, OWNER], usedBytes: 55 * MB, quotaBytes: 500 * MB },
    }),
    "GET /api/auth/organization/list-members": () => ({
      status: 200,
      body: {
        members: [
          { id: "m-1", userId: "user-1", role: "owner", organizationId: TEAM.id },
          { id: "m-2", userId: "user-2", role: "member", organizationId: TEAM.id },
        ],
        total: 2,
      },
    }),
    "GET /api/auth/organization/list-invitations": () => ({ status: 200, body: [] }),
    "GET /api/audit": () => ({ status: 200, body: { entries: [], nextCursor: null } }),
    ...extra,
  });
}

describe("AdminPage's guard", () => {
  it.each([
    ["a member of a team", { ...TEAM, role: "member" as const }, "Team administration is for the owners"],
    ["a viewer of a team", { ...TEAM, role: "viewer" as const }, "Team administration is for the owners"],
  ])(
    "tells %s it is not for them, links back to the map, and asks for no team data but the settings",
    async (_, active, text) => {
      const server = fakeServer({ "GET /api/workspaces": workspacesAnswer(active) });
      const router = renderAdmin();
      expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
      // The measuring settings are the workspace's, read by every member (measuring-section.test).
      await waitFor(() =>
        expect(server.actions().map((c) => c.path)).toEqual(["/api/workspaces", "/api/workspace/settings"]),
      );
      const back = screen.getAllByRole("link", { name: "Back to map" });
      expect(back).toHaveLength(1);
      await userEvent.click(back[0]!);
      expect(router.state.location.pathname).toBe("/map");
    },
  );

  it("shows why the workspaces could not be read, and retries", async () => {
    let fail = true;
    fakeServer({
      "GET /api/workspaces": () =>
        fail
          ? { status: 500, body: { code: "internal", message: "Internal server error" } }
          : workspacesAnswer({ ...TEAM, role: "viewer" })(),
    });
    renderAdmin();
    expect(await screen.findByText("Could not load your workspaces.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(/Team administration is for the owners/)).toBeInTheDocument();
  });

  it("the sidebar entry shows only for an owner or admin of a team", async () => {
    fakeServer({ "GET /api/workspaces": workspacesAnswer({ ...TEAM, role: "admin" }) });
    renderAdmin("/map");
    expect(await screen.findByRole("link", { name: "Team admin" })).toHaveAttribute("href", "/admin");
  });

  it("a personal workspace's owner gets its face blurring switch, which saves, and no team data", async () => {
    const server = fakeServer({
      "GET /api/workspaces": workspacesAnswer(PERSONAL),
      "GET /api/workspace/settings": () => ({
        status: 200,
        body: { blurFaces: true, ...DEFAULT_MEASURE_SETTINGS },
      }),
      "PUT /api/workspace/settings": () => ({
        status: 200,
        body: { blurFaces: false, ...DEFAULT_MEASURE_SETTINGS },
      }),
    });
    renderAdmin();
    expect(
      await screen.findByRole("heading", { name: "Settings of your personal workspace" }),
    ).toBeInTheDocument();
    const blur = await screen.findByRole("switch", { name: "Blur faces in new photos" });
    await waitFor(() => expect(blur).toBeChecked());
    await userEvent.click(blur);
    await waitFor(() => expect(blur).not.toBeChecked());
    expect(server.actions().map((c) => [c.method, c.path, c.body])).toEqual([
      ["GET", "/api/workspaces", undefined],
      ["GET", "/api/workspace/settings", undefined],
      ["PUT", "/api/workspace/settings", { blurFaces: false }],
    ]);
    expect(screen.getByText(/Members, invitations and the audit trail belong to teams/)).toBeInTheDocument();
  });

  it("the sidebar entry shows as the workspace's settings in a personal workspace", async () => {
    fakeServer({ "GET /api/workspaces": workspacesAnswer(PERSONAL) });
    renderAdmin("/map");
    expect(await screen.findByRole("link", { name: "Workspace settings" })).toHaveAttribute("href", "/admin");
  });

  it("the sidebar entry shows a member the workspace's settings, not the team admin", async () => {
    fakeServer({ "GET /api/workspaces": workspacesAnswer({ ...TEAM, role: "member" }) });
    renderAdmin("/map");
    expect(await screen.findByRole("link", { name: "Workspace settings" })).toHaveAttribute("href", "/admin");
    expect(screen.queryByRole("link", { name: "Team admin" })).not.toBeInTheDocument();
  });
});

describe("AdminPage's members", () => {
  it("shows the team's pool, and each member with role and usage in MB of their cap, else of the pool", async () => {
    teamServer();
    renderAdmin();
    expect(await screen.findByRole("heading", { name: "Team admin: North Crew" })).toBeInTheDocument();
    expect(await screen.findByTestId("team-pool")).toHaveTextContent("Team storage: 55 MB of 500 MB");
    const crew = await screen.findByTestId("member-crew@example.test");
    expect(within(crew).getByText("45 MB of 50 MB")).toBeInTheDocument();
    expect(
      within(screen.getByTestId("member-owner@example.test")).getByText("10 MB of 500 MB"),
    ).toBeInTheDocument();
    expect(
      within(crew).getByRole("progressbar", { name: "Storage in this team: crew@example.test" }),
    ).toHaveClass("MuiLinearProgress-colorWarning");
    expect(within(crew).getByRole("combobox", { name: "Role: crew@example.test" })).toHaveTextContent(
      "Member",
    );
    const owner = screen.getByTestId("member-owner@example.test");
    expect(within(owner).getByText("Olga")).toBeInTheDocument();
    expect(within(owner).getByRole("combobox", { name: "Role: owner@example.test" })).toHaveTextContent(
      "Owner",
    );
  });

  it("saves a member's cap typed in MB as bytes, removes it when emptied, refuses what is not a whole number", async () => {
    const server = teamServer({
      "PUT /api/admin/members/user-2/cap": () => ({ status: 204, body: undefined }),
    });
    renderAdmin();
    const field = await screen.findByRole("textbox", { name: "Cap (MB): crew@example.test" });
    expect(field).toHaveValue("50");
    await userEvent.clear(field);
    await userEvent.type(field, "1.5{Enter}");
    expect(await screen.findByText(/Enter a whole number of MB/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, "200");
    await userEvent.click(screen.getByRole("button", { name: "Save cap: crew@example.test" }));
    expect(await screen.findByText("Cap of crew@example.test saved.")).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("textbox", { name: "Cap (MB): crew@example.test" }));
    await userEvent.click(screen.getByRole("button", { name: "Save cap: crew@example.test" }));
    expect(await screen.findByText("Cap of crew@example.test removed.")).toBeInTheDocument();
    const puts = server.actions().filter((c) => c.method === "PUT");
    expect(puts).toEqual([
      { method: "PUT", path: "/api/admin/members/user-2/cap", body: { capBytes: 200 * MB } },
      { method: "PUT", path: "/api/admin/members/user-2/cap", body: { capBytes: null } },
    ]);
  });

  it("changes a role with better-auth's member id, and shows its refusal as it words it", async () => {
    const server = teamServer({
      "POST /api/auth/organization/update-member-role": (call) =>
        (call.body as { memberId: string }).memberId === "m-1"
          ? { status: 403, body: { code: "FORBIDDEN", message: "You are not allowed to update this member" } }
          : { status: 200, body: { member: {} } },
    });
    renderAdmin();
    await userEvent.click(await screen.findByRole("combobox", { name: "Role: crew@example.test" }));
    await userEvent.click(screen.getByRole("option", { name: "Viewer" }));
    expect(await screen.findByText("crew@example.test is now Viewer.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("combobox", { name: "Role: owner@example.test" }));
    await userEvent.click(screen.getByRole("option", { name: "Admin" }));
    expect(await screen.findByText("You are not allowed to update this member")).toBeInTheDocument();
    const posts = server.actions().filter((c) => c.method === "POST");
    expect(posts.map((c) => c.body)).toEqual([
      { memberId: "m-2", role: "viewer", organizationId: TEAM.id },
      { memberId: "m-1", role: "admin", organizationId: TEAM.id },
    ]);
  });

  it("makes someone Owner only after the confirmation", async () => {
    const server = teamServer({
      "POST /api/auth/organization/update-member-role": () => ({ status: 200, body: { member: {} } }),
    });
    renderAdmin();
    const roleOf = () => screen.getByRole("combobox", { name: "Role: crew@example.test" });
    await userEvent.click(await screen.findByRole("combobox", { name: "Role: crew@example.test" }));
    await userEvent.click(screen.getByRole("option", { name: "Owner" }));
    const dialog = screen.getByRole("dialog", { name: "Make owner" });
    expect(dialog).toHaveTextContent("Make crew@example.test an owner of North Crew?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.actions().filter((c) => c.method === "POST")).toEqual([]);
    await userEvent.click(roleOf());
    await userEvent.click(screen.getByRole("option", { name: "Owner" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Make owner" }));
    expect(await screen.findByText("crew@example.test is now Owner.")).toBeInTheDocument();
    expect(
      server
        .actions()
        .filter((c) => c.method === "POST")
        .map((c) => c.body),
    ).toEqual([{ memberId: "m-2", role: "owner", organizationId: TEAM.id }]);
  });

  it("removes a member only after the confirmation", async () => {
    const server = teamServer({
      "POST /api/auth/organization/remove-member": () => ({ status: 200, body: { member: {} } }),
    });
    renderAdmin();
    await userEvent.click(await screen.findByRole("button", { name: "Remove: crew@example.test" }));
    const dialog = screen.getByRole("dialog", { name: "Remove member" });
    expect(dialog).toHaveTextContent("Remove crew@example.test from North Crew?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.actions().filter((c) => c.method === "POST")).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Remove: crew@example.test" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("crew@example.test was removed from the team.")).toBeInTheDocument();
    expect(
      server
        .actions()
        .filter((c) => c.method === "POST")
        .map((c) => c.body),
    ).toEqual([{ memberIdOrEmail: "m-2", organizationId: TEAM.id }]);
  });

  it("says plainly that the only owner cannot be removed (better-auth speaks of leaving)", async () => {
    teamServer({
      "POST /api/auth/organization/remove-member": () => ({
        status: 400,
        body: {
          code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
          message: "You cannot leave the organization as the only owner",
        },
      }),
    });
    renderAdmin();
    await userEvent.click(await screen.findByRole("button", { name: "Remove: owner@example.test" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Remove" }));
    expect(
      await screen.findByText("The team's only owner cannot be removed or demoted."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("member-owner@example.test")).toBeInTheDocument();
  });

  it("says when the members cannot be loaded", async () => {
    teamServer({
      "GET /api/admin/members": () => ({ status: 500, body: { code: "internal", message: "Boom" } }),
    });
    renderAdmin();
    expect(await screen.findByText("Could not load the team's members.")).toBeInTheDocument();
  });
});
