/**
 * GET/PUT /api/me/notifications: each person's own switches per workspace, all on until turned
 * off. There is no way to name another person: their switches are neither read nor written.
 */
import { notificationPreferencesAnswerSchema } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { createTeamWith, setActive } from "../workspaces/support";
import { get, send } from "../inspections/support";

const t = useTestApp();
const owner = useSignedInUser(t);
const crew = useSignedInUser(t);
let teamId: string;

const read = async (who: SignedInUser) => {
  const res = await get(t, who.cookie, "/api/me/notifications");
  expect(res.statusCode, res.body).toBe(200);
  return notificationPreferencesAnswerSchema.parse(res.json());
};
const put = (who: SignedInUser, body: unknown) => send(t, who.cookie, "PUT", "/api/me/notifications", body);

beforeAll(async () => {
  teamId = await createTeamWith(t, owner, [[crew, "member"]]);
});

describe("one's e-mail alerts", () => {
  it("are all on at first, for the workspace the request acts in", async () => {
    expect(await read(crew)).toEqual({
      workspace_id: teamId,
      preferences: { level1: true, assignment: true, digest: true },
    });
  });

  it("change only the kinds named, and only for the caller", async () => {
    const res = await put(crew, { digest: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      workspace_id: teamId,
      preferences: { level1: true, assignment: true, digest: false },
    });
    expect((await put(crew, { level1: false })).json()).toMatchObject({
      preferences: { level1: false, assignment: true, digest: false },
    });
    expect((await read(owner)).preferences).toEqual({ level1: true, assignment: true, digest: true });
  });

  it("are kept per workspace: the caller's personal workspace has its own", async () => {
    await setActive(t, crew, null);
    try {
      expect(await read(crew)).toEqual({
        workspace_id: crew.id,
        preferences: { level1: true, assignment: true, digest: true },
      });
    } finally {
      await setActive(t, crew, teamId);
    }
    expect((await read(crew)).preferences).toMatchObject({ level1: false, digest: false });
  });

  it("refuse another person's id, unknown kinds, non-booleans and an empty change with a 400", async () => {
    for (const body of [{ user_id: owner.id, digest: false }, { weekly: false }, { digest: "no" }, {}]) {
      const res = await put(crew, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await read(owner)).preferences).toEqual({ level1: true, assignment: true, digest: true });
  });

  it("need a signed-in session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/me/notifications" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/me/notifications",
      headers: { origin: TEST_ORIGIN },
      payload: { digest: false },
    });
    expect(res.statusCode).toBe(401);
  });
});
