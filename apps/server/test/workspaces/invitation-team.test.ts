/**
 * GET /api/invitations/:id/team: the page an invitation mail links to names the team to a visitor
 * who is not signed in yet, and only while the invitation can be accepted. It tells nothing but
 * the team's name, and nothing at all for an id that is not a pending invitation.
 */
import { invitationTeamSchema } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createSignedInUser } from "../helpers/users";
import { createTeam, get, orgPost, setActive } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);

async function invite(teamName: string): Promise<{ id: string; email: string }> {
  const team = await createTeam(t, owner, teamName);
  await setActive(t, owner, team);
  const email = `guest-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  const res = await orgPost(t, owner, "invite-member", { email, role: "member", organizationId: team });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json<{ id: string }>().id, email };
}

const visit = (id: string) =>
  t.app.inject({ method: "GET", url: `/api/invitations/${encodeURIComponent(id)}/team` });

describe("the team an invitation link is for", () => {
  it("is named to a visitor who is not signed in, and nothing else is told", async () => {
    const { id, email } = await invite("North Crew");
    const res = await visit(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(invitationTeamSchema.strict().parse(res.json())).toEqual({ teamName: "North Crew" });
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain(owner.email);
  });

  it("is the same for someone else signed in (the link is the key, as in the mail)", async () => {
    const { id } = await invite("South Crew");
    const stranger = await createSignedInUser(t);
    const res = await get(t, stranger, `/api/invitations/${id}/team`);
    expect(res.json()).toEqual({ teamName: "South Crew" });
  });

  it("is a 404 for an unknown, accepted, declined, withdrawn or expired invitation", async () => {
    expect((await visit("no-such-invitation")).statusCode).toBe(404);
    for (const status of ["accepted", "rejected", "canceled"]) {
      const { id } = await invite(`Crew ${status}`);
      await t.db.database.db.execute(sql`UPDATE invitation SET status = ${status} WHERE id = ${id}`);
      const res = await visit(id);
      expect(res.statusCode, status).toBe(404);
      expect(res.body).not.toContain(`Crew ${status}`);
    }
    const { id } = await invite("Late Crew");
    await t.db.database.db.execute(
      sql`UPDATE invitation SET expires_at = now() - interval '1 minute' WHERE id = ${id}`,
    );
    expect((await visit(id)).statusCode).toBe(404);
  });

  it("refuses an over-long id with a clear 4xx", async () => {
    // Fastify's own limit on a path parameter's length answers first: 414 URI Too Long.
    expect((await visit("x".repeat(101))).statusCode).toBe(414);
  });
});
