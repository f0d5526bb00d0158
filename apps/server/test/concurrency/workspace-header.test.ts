/**
 * Each request may name its workspace (X-Workspace-Id), so two tabs of one session keep their
 * own: the header is honoured for a member, refused for anyone else (the same answer for a team
 * that does not exist), and without it the session's active workspace counts. A photo link names
 * its photo's workspace to its members only; a file is served to the members of its workspace.
 */
import {
  imageListSchema,
  photoWorkspaceSchema,
  WORKSPACE_HEADER,
  workspacesResponseSchema,
  workspaceTexts,
  type ImageRecord,
} from "@poleatlas/shared";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN } from "../helpers/users";
import { placedPhoto } from "../poles/support";
import { addMember, createTeam, setActive } from "../workspaces/support";

const t = useTestApp();
const owner = useSignedInUser(t);
const member = useSignedInUser(t);
const outsider = useSignedInUser(t);

const get = (cookie: string, url: string, workspace?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { cookie, ...(workspace === undefined ? {} : { [WORKSPACE_HEADER]: workspace }) },
  });
const ids = (body: string) => imageListSchema.parse(JSON.parse(body)).images.map((i) => i.id);

let team: string;
let teamPhoto: ImageRecord;
let personalPhoto: ImageRecord;

describe("the workspace a request names", () => {
  it("sets up a team photo and a personal one of the member", async () => {
    team = await createTeam(t, owner, "Line crew");
    await addMember(t, team, owner, member, "member");
    await setActive(t, owner, team);
    teamPhoto = await placedPhoto(t, owner.cookie, 48.1, 11.5);
    await setActive(t, member, null);
    personalPhoto = await placedPhoto(t, member.cookie, 48.2, 11.6);
  });

  it("honours a member's header whatever the session's active workspace is", async () => {
    await setActive(t, member, null);
    const inTeam = await get(member.cookie, "/api/images", team);
    expect(inTeam.statusCode, inTeam.body).toBe(200);
    expect(ids(inTeam.body)).toEqual([teamPhoto.id]);
    const personal = await get(member.cookie, "/api/images", member.id);
    expect(ids(personal.body)).toEqual([personalPhoto.id]);
    // A cache keeps one answer per workspace for the same address.
    expect(String(inTeam.headers.vary).toLowerCase()).toContain(WORKSPACE_HEADER);
    const listed = workspacesResponseSchema.parse((await get(member.cookie, "/api/workspaces", team)).json());
    expect(listed.active.id).toBe(team);
  });

  it("writes where the header says: a PATCH from a tab still in the team", async () => {
    await setActive(t, member, null);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/images/${teamPhoto.id}`,
      headers: { cookie: member.cookie, origin: TEST_ORIGIN, [WORKSPACE_HEADER]: team },
      payload: { risk: "medium" },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("uses the session's active workspace without the header", async () => {
    await setActive(t, member, team);
    expect(ids((await get(member.cookie, "/api/images")).body)).toEqual([teamPhoto.id]);
    await setActive(t, member, null);
    expect(ids((await get(member.cookie, "/api/images")).body)).toEqual([personalPhoto.id]);
  });

  it("refuses a non-member's header alike for a real team, a made-up one and someone's own", async () => {
    const answers = await Promise.all(
      [team, randomUUID(), member.id, ""].map((w) => get(outsider.cookie, "/api/images", w)),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: "not_a_member" });
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("names a photo's workspace to its members only", async () => {
    await setActive(t, member, null);
    const found = await get(member.cookie, `/api/images/${teamPhoto.id}/workspace`);
    expect(found.statusCode, found.body).toBe(200);
    expect(photoWorkspaceSchema.parse(found.json()).workspace).toEqual({
      id: team,
      kind: "team",
      name: "Line crew",
    });
    const own = await get(member.cookie, `/api/images/${personalPhoto.id}/workspace`);
    expect(photoWorkspaceSchema.parse(own.json()).workspace).toEqual({
      id: member.id,
      kind: "personal",
      name: workspaceTexts.personal,
    });

    const theirs = await get(outsider.cookie, `/api/images/${teamPhoto.id}/workspace`);
    const nothing = await get(outsider.cookie, `/api/images/${randomUUID()}/workspace`);
    expect([theirs.statusCode, nothing.statusCode]).toEqual([404, 404]);
    expect(theirs.body).toBe(nothing.body);
    // The owner of the team sees nothing of the member's personal photo either.
    expect((await get(owner.cookie, `/api/images/${personalPhoto.id}/workspace`)).statusCode).toBe(404);
  });

  it("serves a team photo's file to a member whose tab (not session) is in the team", async () => {
    await setActive(t, member, null);
    expect((await get(member.cookie, teamPhoto.thumbnail_url)).statusCode).toBe(200);
    expect((await get(outsider.cookie, teamPhoto.thumbnail_url)).statusCode).toBe(404);
  });
});
