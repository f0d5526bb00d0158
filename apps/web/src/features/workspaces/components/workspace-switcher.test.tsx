import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render-auth";
import { fakeServer } from "../../../test/fake-server";
import { DATA_CACHE } from "../../../sw/routes";
import { WorkspaceSwitcher } from "./workspace-switcher";

const personal = { id: "u1", kind: "personal", name: "a@c.test", role: "owner" };
const crew = { id: "team1", kind: "team", name: "North Crew", role: "member" };

function workspaces(active: typeof personal) {
  return () => ({ status: 200, body: { active, workspaces: [personal, crew] } });
}

const routes = [
  { path: "/map", element: <WorkspaceSwitcher /> },
  { path: "/other", element: <WorkspaceSwitcher /> },
];

const picker = () => screen.findByRole("combobox", { name: "Workspace" });

/** The map with the switcher, and 'Create team' chosen from it. */
async function openCreateTeam() {
  const user = userEvent.setup();
  renderAt("/map", routes);
  await user.click(await picker());
  await user.click(screen.getByRole("option", { name: "Create team" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Create team" }) };
}

describe("WorkspaceSwitcher", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the active workspace; picking a team makes it active, reads again and opens its map", async () => {
    let active = personal;
    const server = fakeServer({
      "GET /api/workspaces": () => workspaces(active)(),
      "POST /api/auth/organization/set-active": () => {
        active = crew;
        return { status: 200, body: {} };
      },
    });
    // The worker's copies are kept by address: the same addresses answer for the new workspace.
    const dropped: string[] = [];
    vi.stubGlobal("caches", {
      delete: (name: string) => {
        dropped.push(name);
        return Promise.resolve(true);
      },
    });
    const user = userEvent.setup();
    const { router } = renderAt("/other?region=1", routes);
    expect(await picker()).toHaveTextContent("Personal");
    await user.click(await picker());
    const options = within(screen.getByRole("listbox"));
    expect(options.getByRole("option", { name: /North Crew/ })).toHaveTextContent("Member");
    await user.click(options.getByRole("option", { name: /North Crew/ }));
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Workspace" })).toHaveTextContent("North Crew"),
    );
    expect(router.state.location.pathname).toBe("/map");
    expect(server.actions().filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "/api/auth/organization/set-active", body: { organizationId: "team1" } },
    ]);
    expect(dropped).toEqual([DATA_CACHE]);
  });

  it("back to Personal sends organizationId null", async () => {
    const server = fakeServer({
      "GET /api/workspaces": workspaces(crew),
      "POST /api/auth/organization/set-active": () => ({ status: 200, body: {} }),
    });
    const user = userEvent.setup();
    renderAt("/map", routes);
    await user.click(await picker());
    await user.click(screen.getByRole("option", { name: "Personal" }));
    await waitFor(() =>
      expect(server.actions()).toContainEqual({
        method: "POST",
        path: "/api/auth/organization/set-active",
        body: { organizationId: null },
      }),
    );
  });

  it("says so when the switch fails, and stays where it was", async () => {
    fakeServer({
      "GET /api/workspaces": workspaces(personal),
      "POST /api/auth/organization/set-active": () => ({ status: 500, body: { message: "down" } }),
    });
    const user = userEvent.setup();
    renderAt("/map", routes);
    await user.click(await picker());
    await user.click(screen.getByRole("option", { name: /North Crew/ }));
    expect(await screen.findByText("Could not switch workspace. Try again.")).toBeInTheDocument();
    expect(await picker()).toHaveTextContent("Personal");
  });

  it("'Create team' asks for a name first, then creates it with a slug and makes it active", async () => {
    const server = fakeServer({
      "GET /api/workspaces": workspaces(personal),
      "POST /api/auth/organization/create": () => ({
        status: 200,
        body: { id: "team9", name: "South Crew" },
      }),
      "POST /api/auth/organization/set-active": () => ({ status: 200, body: {} }),
    });
    const { user, dialog } = await openCreateTeam();
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(within(dialog).getByText("Enter a team name.")).toBeInTheDocument();
    expect(server.actions().filter((c) => c.method === "POST")).toEqual([]);

    await user.type(within(dialog).getByLabelText("Team name"), "South Crew{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posts = server.actions().filter((c) => c.method === "POST");
    expect(posts[0]?.body).toEqual({
      name: "South Crew",
      slug: expect.stringMatching(/^south-crew-[a-z0-9]{6}$/) as string,
    });
    expect(posts[1]).toEqual({
      method: "POST",
      path: "/api/auth/organization/set-active",
      body: { organizationId: "team9" },
    });
  });

  it("names the new team at once, and keeps the picker when reading the list again fails", async () => {
    let created = false;
    fakeServer({
      "GET /api/workspaces": () =>
        created ? { status: 500, body: { message: "down" } } : workspaces(personal)(),
      "POST /api/auth/organization/create": () => {
        created = true;
        return { status: 200, body: { id: "team9", name: "South Crew" } };
      },
      "POST /api/auth/organization/set-active": () => ({ status: 200, body: {} }),
    });
    const { user, dialog } = await openCreateTeam();
    await user.type(within(dialog).getByLabelText("Team name"), "  South   Crew {Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await picker()).toHaveTextContent("South Crew");
    await user.click(await picker());
    expect(within(screen.getByRole("listbox")).getByRole("option", { name: /South Crew/ })).toHaveTextContent(
      "Owner",
    );
  });

  it("keeps the dialog and the name when creating fails (a taken slug, a refusal)", async () => {
    fakeServer({
      "GET /api/workspaces": workspaces(personal),
      "POST /api/auth/organization/create": () => ({
        status: 400,
        body: { code: "ORGANIZATION_ALREADY_EXISTS", message: "Organization already exists" },
      }),
    });
    const { user, dialog } = await openCreateTeam();
    await user.type(within(dialog).getByLabelText("Team name"), "South Crew{Enter}");
    expect(await within(dialog).findByText("Organization already exists")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Team name")).toHaveValue("South Crew");
  });

  it("tells two teams of the same name apart by owner and creation day", async () => {
    const east = (id: string, owner: string, created: string) => ({
      id,
      kind: "team",
      name: "Line Crew East",
      role: "member",
      owner_email: owner,
      created_on: created,
    });
    fakeServer({
      "GET /api/workspaces": () => ({
        status: 200,
        body: {
          active: personal,
          workspaces: [
            personal,
            crew,
            east("t2", "ann@a.test", "2026-01-05"),
            east("t3", "bo@b.test", "2026-03-09"),
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderAt("/map", routes);
    await user.click(await picker());
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    const text = options.map((o) => o.textContent);
    expect(text).toContain("Line Crew EastMember · owner ann@a.test, created 2026-01-05");
    expect(text).toContain("Line Crew EastMember · owner bo@b.test, created 2026-03-09");
    // A name of its own needs nothing more.
    expect(text).toContain("North CrewMember");
  });
});
