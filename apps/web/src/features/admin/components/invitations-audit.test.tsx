/** The admin page's invitations and audit trail against a stand-in server. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuditEntry } from "@poleatlas/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, type Call } from "../../../test/fake-server";
import { auditEntry, MB, member, renderAdmin, TEAM, workspacesAnswer } from "../test/render-admin";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FUTURE = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const invitation = (id: string, email: string, status = "pending", expiresAt = FUTURE) => ({
  id,
  email,
  role: "viewer",
  status,
  expiresAt,
  organizationId: TEAM.id,
  inviterId: "user-1",
});

function teamServer(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    "GET /api/workspaces": workspacesAnswer({ ...TEAM, role: "admin" }),
    "GET /api/admin/members": () => ({
      status: 200,
      body: {
        members: [member({ user_id: "user-2", email: "crew@example.test" })],
        usedBytes: 10 * MB,
        quotaBytes: 50 * MB,
      },
    }),
    "GET /api/auth/organization/list-members": () => ({
      status: 200,
      body: { members: [{ id: "m-2", userId: "user-2" }], total: 1 },
    }),
    "GET /api/auth/organization/list-invitations": () => ({ status: 200, body: [] }),
    "GET /api/audit": () => ({ status: 200, body: { entries: [], nextCursor: null } }),
    ...extra,
  });
}

const posts = (calls: Call[], endpoint: string) =>
  calls
    .filter((c) => c.method === "POST" && c.path === `/api/auth/organization/${endpoint}`)
    .map((c) => c.body);

describe("inviting", () => {
  it("invites by e-mail with the chosen role, and says so", async () => {
    const server = teamServer({
      "POST /api/auth/organization/invite-member": () => ({
        status: 200,
        body: invitation("i-9", "new@example.test"),
      }),
    });
    renderAdmin();
    const form = await screen.findByRole("region", { name: "Invite by e-mail" });
    await userEvent.type(within(form).getByRole("textbox", { name: "E-mail" }), "new@example.test");
    await userEvent.click(within(form).getByRole("combobox", { name: "Role" }));
    await userEvent.click(screen.getByRole("option", { name: "Viewer" }));
    await userEvent.click(within(form).getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("Invitation sent to new@example.test.")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: "E-mail" })).toHaveValue("");
    // The keyboard is ready for the next address, not dropped to the page.
    expect(within(form).getByRole("textbox", { name: "E-mail" })).toHaveFocus();
    // The next invitation starts from Member again, not from the role just used.
    expect(within(form).getByRole("combobox", { name: "Role" })).toHaveTextContent("Member");
    expect(posts(server.calls, "invite-member")).toEqual([
      { email: "new@example.test", role: "viewer", organizationId: TEAM.id },
    ]);
  });

  it("shows better-auth's refusal and keeps what was typed", async () => {
    teamServer({
      "POST /api/auth/organization/invite-member": () => ({
        status: 400,
        body: {
          code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
          message: "User is already a member of this organization",
        },
      }),
    });
    renderAdmin();
    const email = await screen.findByRole("textbox", { name: "E-mail" });
    await userEvent.type(email, "crew@example.test{Enter}");
    expect(await screen.findByText("User is already a member of this organization")).toBeInTheDocument();
    expect(email).toHaveValue("crew@example.test");
    expect(email).toHaveFocus();
  });

  it("lists only pending, unexpired invitations; Resend invites again, Cancel cancels", async () => {
    const server = teamServer({
      "GET /api/auth/organization/list-invitations": () => ({
        status: 200,
        body: [
          invitation("i-1", "wait@example.test"),
          invitation("i-2", "done@example.test", "accepted"),
          invitation("i-3", "gone@example.test", "canceled"),
          invitation("i-4", "late@example.test", "pending", "2020-01-01T00:00:00.000Z"),
        ],
      }),
      "POST /api/auth/organization/invite-member": () => ({
        status: 200,
        body: invitation("i-5", "wait@example.test"),
      }),
      "POST /api/auth/organization/cancel-invitation": () => ({
        status: 200,
        body: invitation("i-1", "wait@example.test", "canceled"),
      }),
    });
    renderAdmin();
    const list = await screen.findByRole("list", { name: "Pending invitations" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("wait@example.test")]);
    expect(list).toHaveTextContent("Viewer");
    const resend = within(list).getByRole("button", { name: "Resend: wait@example.test" });
    await userEvent.click(resend);
    expect(await screen.findByText("Invitation sent again to wait@example.test.")).toBeInTheDocument();
    expect(resend).toHaveFocus();
    await userEvent.click(within(list).getByRole("button", { name: "Cancel invitation: wait@example.test" }));
    const said = await screen.findByText("Invitation to wait@example.test cancelled.");
    // The row went with the invitation: the keyboard goes to what was said.
    await waitFor(() => expect(said.closest("[role='alert']")).toHaveFocus());
    expect(posts(server.calls, "invite-member")).toEqual([
      { email: "wait@example.test", role: "viewer", organizationId: TEAM.id },
    ]);
    expect(posts(server.calls, "cancel-invitation")).toEqual([{ invitationId: "i-1" }]);
  });
});

describe("the audit trail", () => {
  const older = auditEntry({
    at: "2026-11-22T09:00:00.000Z",
    action: "member.role",
    target_type: "member",
    details: { email: "crew@example.test", before: { role: "viewer" }, after: { role: "member" } },
  });
  const newer = auditEntry({
    action: "quota.cap",
    target_type: "member",
    details: { before: { capBytes: null }, after: { capBytes: 20 * MB } },
    // The server names the entry's ids (as they were, else as they are).
    names: { "user-2": { kind: "person", name: "", email: "crew@example.test" } },
  });
  const upload = auditEntry({
    action: "image.upload",
    actor_email: "crew@example.test",
    target_type: "image",
    target_id: "img-1",
    details: { name: "pole.jpg", bytes: 3 * MB },
  });

  it("pages with the cursor, filters by action, and reads each entry", async () => {
    const pages: Record<string, { entries: AuditEntry[]; nextCursor: string | null }> = {
      first: { entries: [newer], nextCursor: "c1" },
      c1: { entries: [older], nextCursor: null },
      upload: { entries: [upload], nextCursor: null },
    };
    const server = teamServer({
      "GET /api/audit": (call) => {
        const q = new URL(call.path, "http://x").searchParams;
        const page = q.get("action") === "image.upload" ? "upload" : (q.get("cursor") ?? "first");
        return { status: 200, body: pages[page] };
      },
    });
    renderAdmin();
    const trail = await screen.findByRole("table", { name: "Audit trail" });
    const rows = () =>
      within(trail)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent);
    expect(rows()).toEqual([
      expect.stringMatching(/owner@example\.test.*Member cap set.*crew@example\.test.*cap: — → 20 MB/),
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toMatch(/Role changed.*crew@example\.test.*role: viewer → member/);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("combobox", { name: "Action" }));
    await userEvent.click(screen.getByRole("option", { name: "Photo uploaded" }));
    const filtered = await screen.findByText("photo pole.jpg");
    expect(filtered.closest("tr")).toHaveTextContent(/crew@example\.test.*Photo uploaded.*size: 3\.0 MB/);
    const audits = server.calls.filter((c) => c.path.startsWith("/api/audit")).map((c) => c.path);
    expect(audits).toEqual([
      "/api/audit?limit=50",
      "/api/audit?limit=50&cursor=c1",
      "/api/audit?limit=50&action=image.upload",
    ]);
  });

  it("names people and poles as the entry does, and says what an edit of a photo did", async () => {
    const moved = auditEntry({
      action: "image.update",
      actor_id: "u-crew",
      target_type: "image",
      target_id: "img-1",
      details: { before: { pole_id: "p1" }, after: { pole_id: "p2" } },
      names: {
        "u-crew": { kind: "person", name: "Cora Crew", email: "crew@example.test" },
        "img-1": { kind: "photo", name: "pole.jpg" },
        p1: { kind: "pole", label: "P-1", latitude: 52.5, longitude: 13.4 },
        p2: { kind: "pole", label: "P-2", latitude: 52.5, longitude: 13.4 },
      },
    });
    teamServer({ "GET /api/audit": () => ({ status: 200, body: { entries: [moved], nextCursor: null } }) });
    renderAdmin();
    const row = (await screen.findByText("photo pole.jpg")).closest("tr");
    expect(row).toHaveTextContent(
      /Cora Crew \(crew@example\.test\).*Photo moved to another pole.*photo pole\.jpg.*pole: pole P-1 → pole P-2/,
    );
  });

  it("links a pole's or a photo's entry to its record on the map", async () => {
    const pole = (p: string) => ({ kind: "pole" as const, label: p, latitude: 52.5, longitude: 13.4 });
    const entries = [
      auditEntry({ action: "pole.update", target_type: "pole", target_id: "p1", names: { p1: pole("P-1") } }),
      auditEntry({
        action: "image.delete",
        target_type: "image",
        target_id: "img-2",
        details: { name: "gone.jpg", pole_id: "p1" },
        names: { "img-2": { kind: "photo", name: "gone.jpg" } },
      }),
    ];
    teamServer({ "GET /api/audit": () => ({ status: 200, body: { entries, nextCursor: null } }) });
    renderAdmin();
    expect(await screen.findByRole("link", { name: "pole P-1" })).toHaveAttribute("href", "/map?pole=p1");
    expect(screen.getByRole("link", { name: "photo gone.jpg" })).toHaveAttribute("href", "/map?pole=p1");
  });

  it("filters by person and day, and exports what the filters show as CSV", async () => {
    const server = teamServer({
      "GET /api/audit": () => ({ status: 200, body: { entries: [upload], nextCursor: null } }),
      "GET /api/audit/export": () => ({
        status: 200,
        body: "time_utc",
        headers: {
          "content-type": "text/csv",
          "content-disposition": 'attachment; filename="audit-2026-11-25.csv"',
        },
      }),
    });
    // The browser's download machinery is the boundary here: record the file's name.
    const saved: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:test");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAdmin();
    await screen.findByRole("table", { name: "Audit trail" });
    await userEvent.click(screen.getByRole("combobox", { name: "Person" }));
    await userEvent.click(await screen.findByRole("option", { name: /crew@example\.test/ }));
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-30" } });
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toEqual(["audit-2026-11-25.csv"]));
    const paths = server.calls.filter((c) => c.path.startsWith("/api/audit")).map((c) => c.path);
    expect(paths.at(-2)).toBe("/api/audit?limit=50&actor=user-2&from=2026-11-01&to=2026-11-30");
    expect(paths.at(-1)).toBe("/api/audit/export?actor=user-2&from=2026-11-01&to=2026-11-30");
  });

  it("says when the trail cannot be loaded", async () => {
    teamServer({
      "GET /api/audit": () => ({
        status: 403,
        body: { code: "forbidden", message: "You do not have permission to do this." },
      }),
    });
    renderAdmin();
    expect(await screen.findByText("Could not load the audit trail.")).toBeInTheDocument();
    expect(screen.getByText("You do not have permission to do this.")).toBeInTheDocument();
  });
});
