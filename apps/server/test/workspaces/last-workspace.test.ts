/**
 * A sign-in opens the workspace the user last switched to: a new member who accepted an invitation
 * lands in the team the next time, a user who went back to their own workspace stays there, and
 * a team they were removed from since is not opened.
 */
import { workspacesResponseSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { cookieHeader, createSignedInUser, signIn, TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { addMember, createTeam, get, orgPost, setActive } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);

/** Signs out, then in again with the password: a new session, as on the next day's visit. */
async function signInAgain(who: SignedInUser): Promise<SignedInUser> {
  const out = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-out",
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
  });
  expect(out.statusCode, out.body).toBe(200);
  const res = await signIn(t, { email: who.email, password: who.password });
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, cookie: cookieHeader(res.headers["set-cookie"]) };
}

async function activeOf(who: SignedInUser): Promise<string> {
  const res = await get(t, who, "/api/workspaces");
  expect(res.statusCode, res.body).toBe(200);
  return workspacesResponseSchema.parse(res.json()).active.id;
}

describe("the workspace a sign-in opens", () => {
  it("is a personal workspace for a new user", async () => {
    const fresh = await createSignedInUser(t);
    expect(await activeOf(await signInAgain(fresh))).toBe(fresh.id);
  });

  it("is the team a new member accepted an invitation to", async () => {
    const team = await createTeam(t, owner);
    const member = await createSignedInUser(t);
    await addMember(t, team, owner, member, "member");
    expect(await activeOf(member)).toBe(team);
    expect(await activeOf(await signInAgain(member))).toBe(team);
  });

  it("is the last one switched to, in any session", async () => {
    const lead = await createSignedInUser(t);
    const a = await createTeam(t, lead);
    const b = await createTeam(t, lead);
    await setActive(t, lead, a);
    let session = await signInAgain(lead);
    expect(await activeOf(session)).toBe(a);
    await setActive(t, session, b);
    session = await signInAgain(session);
    expect(await activeOf(session)).toBe(b);
    await setActive(t, session, null);
    session = await signInAgain(session);
    expect(await activeOf(session)).toBe(lead.id);
  });

  it("is the personal one once the member was removed from the last team", async () => {
    const team = await createTeam(t, owner);
    const member = await createSignedInUser(t);
    await addMember(t, team, owner, member, "member");
    const removed = await orgPost(t, owner, "remove-member", {
      memberIdOrEmail: member.email,
      organizationId: team,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await activeOf(await signInAgain(member))).toBe(member.id);
  });
});
