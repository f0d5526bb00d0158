import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { workspaceTexts } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render-auth";
import { fakeServer } from "../../../test/fake-server";
import { AcceptInvitationPage } from "./accept-invitation-page";

const routes = [
  { path: "/accept-invitation/:id", element: <AcceptInvitationPage /> },
  { path: "/login", element: <p>Login screen</p> },
  { path: "/map", element: <p>Map screen</p> },
];

const signedIn = {
  "GET /api/auth/get-session": () => ({ status: 200, body: { user: { id: "u2", email: "b@c.test" } } }),
};

const invitation = {
  id: "inv1",
  email: "b@c.test",
  role: "member",
  organizationId: "team1",
  organizationName: "North Crew",
  inviterEmail: "a@c.test",
  status: "pending",
  expiresAt: "2026-12-01T00:00:00.000Z",
};

describe("AcceptInvitationPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("names the team to a visitor who is not signed in yet", async () => {
    fakeServer({
      "GET /api/invitations/inv1/team": () => ({ status: 200, body: { teamName: "North Crew" } }),
    });
    renderAt("/accept-invitation/inv1", routes);
    expect(await screen.findByText("You are invited to join North Crew.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to accept" })).toBeInTheDocument();
  });

  it("tells a visitor when the link is spent, before they sign in", async () => {
    fakeServer({
      "GET /api/invitations/inv1/team": () => ({
        status: 404,
        body: { code: "not_found", message: workspaceTexts.invitationUnknown },
      }),
    });
    renderAt("/accept-invitation/inv1", routes);
    expect(await screen.findByRole("alert")).toHaveTextContent(workspaceTexts.invitationUnknown);
  });

  it("asks a visitor to sign in and remembers to come back", async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    const { router } = renderAt("/accept-invitation/inv1", routes);
    await user.click(await screen.findByRole("link", { name: "Sign in to accept" }));
    expect(await screen.findByText("Login screen")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?next=%2Faccept-invitation%2Finv1");
    expect(localStorage.getItem("poleatlas.next")).toBe("/accept-invitation/inv1");
    // Only the team's name was read: nothing accepted or declined before signing in.
    expect(server.actions()).toEqual([
      { method: "GET", path: "/api/invitations/inv1/team", body: undefined },
    ]);
  });

  it("says who invites to which team as what; Accept joins, makes it active and opens its map", async () => {
    const server = fakeServer({
      ...signedIn,
      "GET /api/auth/organization/get-invitation": () => ({ status: 200, body: invitation }),
      "POST /api/auth/organization/accept-invitation": () => ({ status: 200, body: {} }),
      "POST /api/auth/organization/set-active": () => ({ status: 200, body: {} }),
    });
    const user = userEvent.setup();
    renderAt("/accept-invitation/inv1", routes);
    expect(await screen.findByText("a@c.test invited you to join North Crew as Member.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Map screen")).toBeInTheDocument();
    expect(server.actions()).toEqual([
      { method: "GET", path: "/api/auth/organization/get-invitation?id=inv1", body: undefined },
      { method: "POST", path: "/api/auth/organization/accept-invitation", body: { invitationId: "inv1" } },
      { method: "POST", path: "/api/auth/organization/set-active", body: { organizationId: "team1" } },
    ]);
  });

  it("Decline refuses it and says so", async () => {
    const server = fakeServer({
      ...signedIn,
      "GET /api/auth/organization/get-invitation": () => ({ status: 200, body: invitation }),
      "POST /api/auth/organization/reject-invitation": () => ({ status: 200, body: {} }),
    });
    const user = userEvent.setup();
    renderAt("/accept-invitation/inv1", routes);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Invitation declined.")).toBeInTheDocument();
    expect(server.actions().at(-1)).toEqual({
      method: "POST",
      path: "/api/auth/organization/reject-invitation",
      body: { invitationId: "inv1" },
    });
  });

  it("shows why a spent or someone else's invitation cannot be used, with a way to the map", async () => {
    fakeServer({
      ...signedIn,
      "GET /api/auth/organization/get-invitation": () => ({
        status: 403,
        body: {
          code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
          message: "You are not the recipient of the invitation",
        },
      }),
    });
    renderAt("/accept-invitation/inv1", routes);
    expect(await screen.findByText("You are not the recipient of the invitation")).toBeInTheDocument();
    expect(screen.getByText("This invitation is not valid any more. Ask for a new one.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the map" })).toHaveAttribute("href", "/map");
  });

  it("asks an account whose address is not confirmed to confirm it, without calling the invitation void", async () => {
    fakeServer({
      ...signedIn,
      "GET /api/auth/organization/get-invitation": () => ({
        status: 403,
        body: { code: "EMAIL_NOT_VERIFIED", message: workspaceTexts.confirmBeforeAccept },
      }),
    });
    renderAt("/accept-invitation/inv1", routes);
    expect(await screen.findByText(workspaceTexts.confirmBeforeAccept)).toBeInTheDocument();
    expect(screen.queryByText(workspaceTexts.invitationUnknown)).not.toBeInTheDocument();
  });

  it("keeps the invitation when accepting fails, with the server's reason", async () => {
    fakeServer({
      ...signedIn,
      "GET /api/auth/organization/get-invitation": () => ({ status: 200, body: invitation }),
      "POST /api/auth/organization/accept-invitation": () => ({
        status: 400,
        body: { code: "INVITATION_NOT_FOUND", message: "Invitation not found" },
      }),
    });
    const user = userEvent.setup();
    renderAt("/accept-invitation/inv1", routes);
    await user.click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Invitation not found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled();
  });
});
