/** Teams through better-auth's organization endpoints, as the web app calls them. */
import type { WorkspaceRole } from "@poleatlas/shared";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app";
import { randomClientIp, TEST_ORIGIN, type SignedInUser } from "../helpers/users";

/**
 * From a new client address each time by default: creating teams and inviting are rate-limited
 * per address, and a test file does more of them than a person would in a minute.
 */
export function orgPost(
  t: TestApp,
  who: SignedInUser,
  endpoint: string,
  payload: Record<string, unknown>,
  remoteAddress = randomClientIp(),
) {
  return t.app.inject({
    method: "POST",
    url: `/api/auth/organization/${endpoint}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    remoteAddress,
    payload,
  });
}

let teams = 0;
/** A team owned by `owner` (its creator); returns its id. */
export async function createTeam(t: TestApp, owner: SignedInUser, name = `Crew ${++teams}`): Promise<string> {
  const res = await orgPost(t, owner, "create", { name, slug: `crew-${Date.now()}-${teams}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

/** Invites `who` with `role` (sent by `by`), accepts as `who`; returns the invitation id. */
export async function addMember(
  t: TestApp,
  teamId: string,
  by: SignedInUser,
  who: SignedInUser,
  role: WorkspaceRole,
): Promise<string> {
  await setActive(t, by, teamId);
  const invited = await orgPost(t, by, "invite-member", { email: who.email, role, organizationId: teamId });
  expect(invited.statusCode, invited.body).toBe(200);
  const invitationId = invited.json<{ id: string }>().id;
  const accepted = await orgPost(t, who, "accept-invitation", { invitationId });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return invitationId;
}

/**
 * A team owned by `owner` with each of `members` in its role, everyone (the owner too) working in
 * it; returns its id.
 */
export async function createTeamWith(
  t: TestApp,
  owner: SignedInUser,
  members: [SignedInUser, WorkspaceRole][],
  name?: string,
): Promise<string> {
  const team = await createTeam(t, owner, name);
  for (const [who, role] of members) await addMember(t, team, owner, who, role);
  for (const who of [owner, ...members.map(([who]) => who)]) await setActive(t, who, team);
  return team;
}

/** Switches the user's session to the team (null: personal). */
export async function setActive(t: TestApp, who: SignedInUser, teamId: string | null) {
  const res = await orgPost(t, who, "set-active", { organizationId: teamId });
  expect(res.statusCode, res.body).toBe(200);
}

export function get(t: TestApp, who: SignedInUser, url: string) {
  return t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
}
