/** Teams: what each role of a team may do, through the API (table-driven). */
import { imageCreatedSchema, type ImageRecord, type WorkspaceRole } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { upload } from "../helpers/uploads";
import { createSignedInUser, TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { patchImage } from "../poles/support";
import { addMember, createTeamWith, orgPost, setActive } from "./support";

let team: string;
const people = {} as Record<WorkspaceRole, SignedInUser>;
let shade = 0;

async function uploadAs(who: SignedInUser) {
  shade += 11;
  const { bytes } = await makePhoto({
    gps: { latitude: 48.1 + shade / 1e5, longitude: 11.5 },
    dateTimeOriginal: "2024:06:01 09:00:00",
  });
  return upload(t, who.cookie, bytes);
}

/** A fresh photo in the team, uploaded by the member (so every row starts from the same state). */
async function membersPhoto(): Promise<ImageRecord> {
  const res = await uploadAs(people.member);
  expect(res.statusCode, res.body).toBe(201);
  return imageCreatedSchema.parse(res.json()).image;
}

const del = (who: SignedInUser, id: string) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/images/${id}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
  });

const t = useTestApp();
beforeAll(async () => {
  people.owner = await createSignedInUser(t);
  const roles = ["admin", "member", "viewer"] as const;
  for (const role of roles) people[role] = await createSignedInUser(t);
  team = await createTeamWith(
    t,
    people.owner,
    roles.map((role) => [people[role], role]),
  );
});

type Action = (who: SignedInUser) => Promise<number>;

const actions: Record<string, Action> = {
  upload: async (who) => (await uploadAs(who)).statusCode,
  "rate a photo": async (who) =>
    (await patchImage(t, who.cookie, (await membersPhoto()).id, { risk: "high" })).statusCode,
  "move a photo to a new pole": async (who) =>
    (await patchImage(t, who.cookie, (await membersPhoto()).id, { pole_id: "new" })).statusCode,
  "label a pole": async (who) => {
    const photo = await membersPhoto();
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/poles/${photo.pole_id}`,
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      payload: { label: "P-1" },
    });
    return res.statusCode;
  },
  "delete a member's photo": async (who) => (await del(who, (await membersPhoto()).id)).statusCode,
  "delete an own photo": async (who) => {
    const res = await uploadAs(who);
    if (res.statusCode !== 201) return res.statusCode;
    return (await del(who, imageCreatedSchema.parse(res.json()).image.id)).statusCode;
  },
  "invite someone": async (who) =>
    (
      await orgPost(t, who, "invite-member", {
        email: `x-${shade++}@example.test`,
        role: "member",
        organizationId: team,
      })
    ).statusCode,
};

// What each role gets; the member's own photo is the 'member's photo' for the member row.
const expected: Record<string, Record<WorkspaceRole, number>> = {
  upload: { owner: 201, admin: 201, member: 201, viewer: 403 },
  "rate a photo": { owner: 200, admin: 200, member: 200, viewer: 403 },
  "move a photo to a new pole": { owner: 200, admin: 200, member: 200, viewer: 403 },
  "label a pole": { owner: 200, admin: 200, member: 200, viewer: 403 },
  "delete a member's photo": { owner: 204, admin: 204, member: 204, viewer: 403 },
  "delete an own photo": { owner: 204, admin: 204, member: 204, viewer: 403 },
  "invite someone": { owner: 200, admin: 200, member: 403, viewer: 403 },
};

describe.each(Object.keys(expected))("%s", (action) => {
  it.each(["owner", "admin", "member", "viewer"] as const)("as %s", async (role) => {
    expect(await actions[action]!(people[role])).toBe(expected[action]![role]);
  });
});

describe("a member deleting another member's photo", () => {
  it("is refused with a reason, and the photo stays", async () => {
    const other = await createSignedInUser(t);
    await addMember(t, team, people.owner, other, "member");
    await setActive(t, other, team);
    const res = await uploadAs(other);
    const photo = imageCreatedSchema.parse(res.json()).image;
    const refused = await del(people.member, photo.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden" });
    const still = await t.app.inject({
      method: "GET",
      url: `/api/images/${photo.id}`,
      headers: { cookie: other.cookie },
    });
    expect(still.statusCode).toBe(200);
  });
});
