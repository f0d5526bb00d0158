/**
 * Teams: a team's members share one map (photos, regions, poles); outsiders see nothing of it
 * and cannot switch to it; a personal workspace stays what the spec describes.
 */
import {
  normalizeTeamName,
  TEAM_NAME_MAX_LENGTH,
  TEAMS_PER_USER,
  imageCreatedSchema,
  imageListSchema,
  poleMarkersSchema,
  regionListSchema,
  workspacesResponseSchema,
  workspaceTexts,
} from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import { createSignedInUser, type SignedInUser } from "../helpers/users";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { poleTimelineSchema } from "@poleatlas/shared";
import { waitForOutboxMail } from "../auth/mail-helpers";
import { addMember, createTeam, get, orgPost, setActive } from "./support";
import { patchImage } from "../poles/support";

let alice: SignedInUser;
let bob: SignedInUser;
let outsider: SignedInUser;
let team: string;

const BERLIN = { latitude: 52.52, longitude: 13.405 };

async function uploadAt(who: SignedInUser, gps: { latitude: number; longitude: number }) {
  const { bytes } = await makePhoto({ gps, dateTimeOriginal: "2024:05:01 10:00:00" });
  const res = await upload(t, who.cookie, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

const listIds = async (who: SignedInUser) =>
  imageListSchema
    .parse((await get(t, who, "/api/images")).json())
    .images.map((i) => i.id)
    .sort();

const t = useTestApp();
beforeAll(async () => {
  [alice, bob, outsider] = await Promise.all([
    createSignedInUser(t),
    createSignedInUser(t),
    createSignedInUser(t),
  ]);
  team = await createTeam(t, alice, "North crew");
  await addMember(t, team, alice, bob, "member");
});

describe("a team's shared map", () => {
  const mine: string[] = [];
  it("holds both members' photos, one pole for both visits of one spot, one region", async () => {
    await setActive(t, alice, team);
    await setActive(t, bob, team);
    const a = await uploadAt(alice, BERLIN);
    // Bob's phone puts the same pole 4 m north.
    const b = await uploadAt(bob, { latitude: BERLIN.latitude + 0.000036, longitude: BERLIN.longitude });
    mine.push(a.id, b.id);
    expect(a.user_id).toBe(alice.id);
    expect(b.user_id).toBe(bob.id);
    expect(b.pole_id).toBe(a.pole_id);

    expect(await listIds(alice)).toEqual([a.id, b.id].sort());
    expect(await listIds(bob)).toEqual([a.id, b.id].sort());
    const regions = regionListSchema.parse((await get(t, bob, "/api/regions")).json()).regions;
    expect(regions.map((r) => r.count)).toEqual([2]);
    const poles = poleMarkersSchema.parse((await get(t, bob, `/api/poles?region=${regions[0]!.id}`)).json());
    expect(poles).toMatchObject({ ids: [a.pole_id], counts: [2] });
    // Each sees the other's photo and its file.
    expect((await get(t, bob, `/api/images/${a.id}`)).statusCode).toBe(200);
    expect((await get(t, bob, a.thumbnail_url)).statusCode).toBe(200);
  });

  it("shows in a pole's history who uploaded each photo and who rated it", async () => {
    const [a] = mine;
    expect((await patchImage(t, bob.cookie, a!, { risk: "medium" })).statusCode).toBe(200);
    const photo = (await get(t, alice, `/api/images/${a}`)).json<{ image: { pole_id: string } }>().image;
    const res = await get(t, alice, `/api/poles/${photo.pole_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const history = poleTimelineSchema.parse(res.json());
    expect(history.images.map((i) => [i.uploaded_by, i.rated_by])).toEqual([
      [alice.email, bob.email],
      [bob.email, null],
    ]);
  });

  it("invites by e-mail with a link to the invitation screen", async () => {
    const newcomer = `new-${Date.now()}@example.test`;
    const res = await orgPost(t, alice, "invite-member", {
      email: newcomer,
      role: "viewer",
      organizationId: team,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitForOutboxMail(path.join(t.dataDir, "mail"), newcomer, "invited you to a team");
    expect(mail.links).toContain(`http://localhost:8080/accept-invitation/${res.json<{ id: string }>().id}`);
  });

  it("is nothing to an outsider: no photos, no files, no switching to it", async () => {
    await uploadAt(outsider, BERLIN);
    expect(await listIds(outsider)).toHaveLength(1);
    for (const id of mine) expect((await get(t, outsider, `/api/images/${id}`)).statusCode).toBe(404);
    const refused = await orgPost(t, outsider, "set-active", { organizationId: team });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const ws = workspacesResponseSchema.parse((await get(t, outsider, "/api/workspaces")).json());
    expect(ws.active).toMatchObject({ kind: "personal", id: outsider.id });
    expect(ws.workspaces.map((w) => w.id)).toEqual([outsider.id]);
  });

  it("keeps the personal workspace apart: switching back shows only one's own personal photos", async () => {
    await setActive(t, alice, null);
    expect(await listIds(alice)).toEqual([]);
    const own = await uploadAt(alice, BERLIN);
    expect(await listIds(alice)).toEqual([own.id]);
    // Not in the team's map, though the same person uploaded it.
    expect(await listIds(bob)).toEqual(mine.slice().sort());
    const ws = workspacesResponseSchema.parse((await get(t, alice, "/api/workspaces")).json());
    expect(ws.active.kind).toBe("personal");
    expect(ws.workspaces).toEqual([
      { id: alice.id, kind: "personal", name: "Personal", role: "owner" },
      {
        id: team,
        kind: "team",
        name: "North crew",
        role: "owner",
        // What tells it apart from another team of the same name.
        owner_email: alice.email,
        created_on: new Date().toISOString().slice(0, 10),
      },
    ]);
  });

  it("counts storage per workspace: the team's photos in its pool, the personal ones apart", async () => {
    const usage = (who: SignedInUser) =>
      get(t, who, "/api/storage/usage").then((r) => r.json<{ usedBytes: number; quotaBytes: number }>());
    // Alice is in her personal workspace (one photo), Bob in the team (both of their team photos).
    const [a, b] = await Promise.all([usage(alice), usage(bob)]);
    expect(b.usedBytes).toBeGreaterThan(a.usedBytes);
    expect(a.usedBytes).toBeGreaterThan(0);
    expect(a.quotaBytes).toBe(52428800);
    await setActive(t, alice, team);
    expect(await usage(alice)).toEqual(b);
    await setActive(t, alice, null);
  });

  it("is lost at once by a member who is removed, even with the team still active in the session", async () => {
    const carol = await createSignedInUser(t);
    await addMember(t, team, alice, carol, "member");
    await setActive(t, carol, team);
    expect(await listIds(carol)).toEqual(mine.slice().sort());
    const removed = await orgPost(t, alice, "remove-member", {
      memberIdOrEmail: carol.email,
      organizationId: team,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listIds(carol)).toEqual([]);
    const ws = workspacesResponseSchema.parse((await get(t, carol, "/api/workspaces")).json());
    expect(ws.active.kind).toBe("personal");
  });
});

describe("a photo kept for later (the upload queue names whose and where)", () => {
  it("refuses a queued photo meant for another workspace or user (409), stores the one meant for here", async () => {
    const dave = await createSignedInUser(t);
    await addMember(t, team, alice, dave, "member");
    await setActive(t, dave, team);
    const before = await listIds(dave);
    const send = async (fields: Record<string, string>) => {
      const { bytes } = await makePhoto({ gps: BERLIN, dateTimeOriginal: "2024:06:01 10:00:00" });
      return upload(t, dave.cookie, bytes, { fields });
    };
    const personal = await send({ workspaceId: dave.id, uploaderId: dave.id });
    expect(personal.statusCode).toBe(409);
    expect(personal.json()).toMatchObject({ code: "wrong_workspace", message: workspaceTexts.keptForOther });
    expect((await send({ workspaceId: team, uploaderId: alice.id })).statusCode).toBe(409);
    expect(await listIds(dave)).toEqual(before);
    const here = await send({ workspaceId: team, uploaderId: dave.id });
    expect(here.statusCode, here.body).toBe(201);
    expect(await listIds(dave)).toEqual([...before, imageCreatedSchema.parse(here.json()).image.id].sort());
  });
});

describe("a team's name", () => {
  it("keeps a team's name to one plain line of bounded length, and out of the invitation's subject", async () => {
    const founder = await createSignedInUser(t);
    const create = (name: string) => orgPost(t, founder, "create", { name, slug: `n-${randomUUID()}` });
    const made = await create("  Night\r\nshift \u202Ecrew\u0007 ");
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<{ name: string }>().name).toBe("Night shift crew");
    for (const [name, message] of [
      ["x".repeat(TEAM_NAME_MAX_LENGTH + 1), workspaceTexts.teamNameTooLong],
      [" \n\t ", workspaceTexts.teamNameRequired],
    ] as const) {
      const res = await create(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect((await create("y".repeat(TEAM_NAME_MAX_LENGTH))).statusCode).toBe(200);
    const invitee = `subject-${randomUUID()}@example.test`;
    const organizationId = made.json<{ id: string }>().id;
    await setActive(t, founder, organizationId);
    const invited = await orgPost(t, founder, "invite-member", {
      email: invitee,
      role: "viewer",
      organizationId,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await waitForOutboxMail(path.join(t.dataDir, "mail"), invitee, "invited you to a team");
    expect(mail.subject).not.toContain("Night");
    expect(mail.text).toContain('join the team "Night shift crew"');
  });

  it("belongs to at most TEAMS_PER_USER teams per account, created or joined", async () => {
    const busy = await createSignedInUser(t);
    for (let i = 0; i < TEAMS_PER_USER; i++) await createTeam(t, busy, `Busy ${i}`);
    const one = await orgPost(t, busy, "create", { name: "One more", slug: `one-more-${randomUUID()}` });
    expect(one.statusCode).toBe(403);
    const host = await createSignedInUser(t);
    const hosted = await createTeam(t, host, "Host crew");
    await setActive(t, host, hosted);
    const invited = await orgPost(t, host, "invite-member", {
      email: busy.email,
      role: "member",
      organizationId: hosted,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const accepted = await orgPost(t, busy, "accept-invitation", {
      invitationId: invited.json<{ id: string }>().id,
    });
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json()).toMatchObject({ message: workspaceTexts.tooManyTeams });
  });

  it("keeps joiners (Persian names, joined emoji) and drops only bidi controls", () => {
    expect(normalizeTeamName("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645")).toBe(
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
    );
    expect(normalizeTeamName("crew \u{1F468}\u200D\u{1F527}")).toBe("crew \u{1F468}\u200D\u{1F527}");
    expect(normalizeTeamName("a\u2066b\u202Ec\u200F")).toBe("a b c");
  });
});
