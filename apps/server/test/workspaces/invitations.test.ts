/**
 * Invitations outlive nobody's rights: an admin who is removed or demoted leaves no pending
 * invitation behind, an unconfirmed account cannot accept one (whatever
 * REQUIRE_EMAIL_VERIFICATION says), and a member who may not remove someone is told 403, not 401.
 */
import { auditListSchema, workspacesResponseSchema, workspaceTexts } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { createSignedInUser, type SignedInUser } from "../helpers/users";
import { addMember, createTeam, get, orgPost, setActive } from "./support";

let owner: SignedInUser;
let team: string;

// Sign-in without a confirmed address: the setting under which an unconfirmed account could join.
const t = useTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" });
beforeAll(async () => {
  owner = await createSignedInUser(t);
  team = await createTeam(t, owner);
  await setActive(t, owner, team);
});

async function invite(by: SignedInUser, email: string, role: "admin" | "member") {
  const res = await orgPost(t, by, "invite-member", { email, role, organizationId: team });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function teamIdsOf(who: SignedInUser): Promise<string[]> {
  const ws = workspacesResponseSchema.parse((await get(t, who, "/api/workspaces")).json());
  return ws.workspaces.filter((w) => w.kind === "team").map((w) => w.id);
}

async function statusOf(invitationId: string): Promise<string> {
  const res = await t.db.database.db.execute(sql`SELECT status FROM invitation WHERE id = ${invitationId}`);
  return (res.rows[0] as { status: string }).status;
}

async function memberRowId(who: SignedInUser): Promise<string> {
  const res = await t.db.database.db.execute(
    sql`SELECT id FROM member WHERE user_id = ${who.id} AND organization_id = ${team}`,
  );
  return (res.rows[0] as { id: string }).id;
}

const auditEntries = async () =>
  auditListSchema.parse((await get(t, owner, "/api/audit?limit=100&action=member.uninvite")).json()).entries;

describe("the invitations of an admin who loses the role", () => {
  it("are cancelled when the admin is removed: their other address cannot join with them", async () => {
    const leaving = await createSignedInUser(t);
    const otherSelf = await createSignedInUser(t);
    const bystander = await createSignedInUser(t);
    await addMember(t, team, owner, leaving, "admin");
    await setActive(t, leaving, team);
    const planted = await invite(leaving, otherSelf.email, "admin");
    // The owner's own invitation is not the removed admin's: it stays.
    const ownersInvite = await invite(owner, bystander.email, "member");

    const removed = await orgPost(t, owner, "remove-member", {
      memberIdOrEmail: leaving.email,
      organizationId: team,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await statusOf(planted)).toBe("canceled");
    expect(await statusOf(ownersInvite)).toBe("pending");

    const accepted = await orgPost(t, otherSelf, "accept-invitation", { invitationId: planted });
    expect(accepted.statusCode).toBe(400);
    expect(await teamIdsOf(otherSelf)).toEqual([]);
    expect((await auditEntries()).find((e) => e.target_id === planted)).toMatchObject({
      actor_id: owner.id,
      details: { email: otherSelf.email, role: "admin", invitedBy: leaving.id, reason: "inviter_removed" },
    });
  });

  it("are cancelled when the admin is made a member", async () => {
    const demoted = await createSignedInUser(t);
    const otherSelf = await createSignedInUser(t);
    await addMember(t, team, owner, demoted, "admin");
    await setActive(t, demoted, team);
    const planted = await invite(demoted, otherSelf.email, "admin");

    const changed = await orgPost(t, owner, "update-member-role", {
      memberId: await memberRowId(demoted),
      role: "member",
      organizationId: team,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await statusOf(planted)).toBe("canceled");
    const accepted = await orgPost(t, otherSelf, "accept-invitation", { invitationId: planted });
    expect(accepted.statusCode).toBe(400);
    expect(await teamIdsOf(otherSelf)).toEqual([]);
    expect((await auditEntries()).find((e) => e.target_id === planted)).toMatchObject({
      actor_id: owner.id,
      details: { invitedBy: demoted.id, reason: "inviter_demoted" },
    });
  });

  it("are void where the sender lost the role some other way (an invitation sent before this rule)", async () => {
    const former = await createSignedInUser(t);
    const invitee = await createSignedInUser(t);
    await addMember(t, team, owner, former, "admin");
    await setActive(t, former, team);
    const invitation = await invite(former, invitee.email, "admin");
    // Demoted behind better-auth's back: no hook ran, the invitation is still pending.
    await t.db.database.db.execute(
      sql`UPDATE member SET role = 'member' WHERE user_id = ${former.id} AND organization_id = ${team}`,
    );
    const accepted = await orgPost(t, invitee, "accept-invitation", { invitationId: invitation });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toMatchObject({ message: workspaceTexts.invitationUnknown });
    expect(await teamIdsOf(invitee)).toEqual([]);
    expect(await statusOf(invitation)).toBe("canceled");
  });

  it("stay valid when an admin only changes between owner-level roles (admin stays admin)", async () => {
    const kept = await createSignedInUser(t);
    const invitee = await createSignedInUser(t);
    await addMember(t, team, owner, kept, "admin");
    await setActive(t, kept, team);
    const invitation = await invite(kept, invitee.email, "member");
    const same = await orgPost(t, owner, "update-member-role", {
      memberId: await memberRowId(kept),
      role: "admin",
      organizationId: team,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await statusOf(invitation)).toBe("pending");
    expect((await orgPost(t, invitee, "accept-invitation", { invitationId: invitation })).statusCode).toBe(
      200,
    );
  });
});

describe("accepting an invitation", () => {
  it("needs a confirmed address, even where sign-in does not (REQUIRE_EMAIL_VERIFICATION=false)", async () => {
    const unconfirmed = await createSignedInUser(t);
    await t.db.database.db.execute(
      sql`UPDATE "user" SET email_verified = false WHERE id = ${unconfirmed.id}`,
    );
    const invitation = await invite(owner, unconfirmed.email, "admin");
    const res = await orgPost(t, unconfirmed, "accept-invitation", { invitationId: invitation });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: workspaceTexts.confirmBeforeAccept });
    expect(await teamIdsOf(unconfirmed)).toEqual([]);
    expect(await statusOf(invitation)).toBe("pending");
    // Once the address is confirmed, the same invitation works.
    await t.db.database.db.execute(sql`UPDATE "user" SET email_verified = true WHERE id = ${unconfirmed.id}`);
    const again = await orgPost(t, unconfirmed, "accept-invitation", { invitationId: invitation });
    expect(again.statusCode, again.body).toBe(200);
    expect(await teamIdsOf(unconfirmed)).toEqual([team]);
  });
});

describe("removing a member", () => {
  it("is 403 (not 401) for a member without the right; nobody is removed", async () => {
    const [plain, target] = [await createSignedInUser(t), await createSignedInUser(t)];
    await addMember(t, team, owner, plain, "member");
    await addMember(t, team, owner, target, "member");
    await setActive(t, plain, team);
    const res = await orgPost(t, plain, "remove-member", {
      memberIdOrEmail: target.email,
      organizationId: team,
    });
    expect(res.statusCode).toBe(403);
    expect(await teamIdsOf(target)).toEqual([team]);
  });
});
