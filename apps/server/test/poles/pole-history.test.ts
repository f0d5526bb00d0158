/**
 * One pole's history: the trail's entries about the pole, its photos (one deleted from it too)
 * and its findings, newest first and paged, with the names the whole trail gives; read by every
 * role of the team, viewers too; another pole's entries stay out, and another workspace's pole is
 * as missing as an unknown one.
 */
import { auditListSchema, type AuditEntry } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { addFinding, resolveFinding } from "../inspections/support";
import { createTeamWith, get } from "../workspaces/support";
import { patchImage, placedPhoto } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const member = useSignedInUser(t);
const viewer = useSignedInUser(t);
const outsider = useSignedInUser(t);
let poleId: string;
let otherPoleId: string;
let keptPhoto: string;
let deletedPhoto: string;
let outsidersPole: string;

const history = async (who: SignedInUser, id: string, query = "") =>
  get(t, who, `/api/poles/${id}/history${query}`);

async function entries(who: SignedInUser, id: string, query = ""): Promise<AuditEntry[]> {
  const res = await history(who, id, query);
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json()).entries;
}

beforeAll(async () => {
  await createTeamWith(t, owner, [
    [member, "member"],
    [viewer, "viewer"],
  ]);
  const first = await placedPhoto(t, member.cookie, 47.3, 8.5, "2026-01-10");
  const second = await placedPhoto(t, member.cookie, 47.3, 8.5, "2026-02-10");
  poleId = first.pole_id!;
  expect(second.pole_id).toBe(poleId);
  keptPhoto = first.id;
  deletedPhoto = second.id;
  expect((await patchImage(t, member.cookie, keptPhoto, { risk: "high" })).statusCode).toBe(200);
  const labelled = await t.app.inject({
    method: "PATCH",
    url: `/api/poles/${poleId}`,
    headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    payload: { label: "P-7" },
  });
  expect(labelled.statusCode, labelled.body).toBe(200);
  const finding = await addFinding(t, member.cookie, poleId, { code: "lean", level: 1 });
  await resolveFinding(t, member.cookie, finding.id);
  const deleted = await t.app.inject({
    method: "DELETE",
    url: `/api/images/${deletedPhoto}`,
    headers: { cookie: member.cookie, origin: TEST_ORIGIN },
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  otherPoleId = (await placedPhoto(t, member.cookie, 48.3, 9.5)).pole_id!;
  outsidersPole = (await placedPhoto(t, outsider.cookie, 47.3, 8.5)).pole_id!;
});

describe("a pole's history", () => {
  it("lists the pole's, its photos' and its findings' entries, newest first, with names", async () => {
    const list = await entries(viewer, poleId);
    expect(list.map((e) => e.action)).toEqual([
      "image.delete",
      "finding.resolve",
      "finding.create",
      "pole.update",
      "image.update",
      "image.update",
      "image.upload",
      "image.update",
      "image.upload",
    ]);
    expect(list.map((e) => e.at)).toEqual([...list.map((e) => e.at)].sort().reverse());
    const rated = list.find(
      (e) =>
        e.action === "image.update" && e.target_id === keptPhoto && "risk" in (e.details.after as object),
    );
    expect(rated?.names[member.id]).toMatchObject({ kind: "person", email: member.email });
    expect(list.some((e) => e.target_id === deletedPhoto && e.action === "image.delete")).toBe(true);
    // The other pole's upload is not this pole's.
    expect(list.some((e) => e.details.pole_id === otherPoleId)).toBe(false);
    expect((await entries(viewer, otherPoleId)).map((e) => e.action)).toEqual([
      "image.update",
      "image.upload",
    ]);
  });

  it("is read by every role of the team, where the whole trail is the admins'", async () => {
    expect((await get(t, viewer, "/api/audit")).statusCode).toBe(403);
    for (const who of [owner, member, viewer]) expect((await entries(who, poleId)).length).toBe(9);
  });

  it("pages by the cursor it gives, without losing or repeating an entry", async () => {
    const all = await entries(member, poleId);
    const first = auditListSchema.parse((await history(member, poleId, "?limit=4")).json());
    expect(first.entries).toEqual(all.slice(0, 4));
    expect(first.nextCursor).not.toBeNull();
    const rest = auditListSchema.parse(
      (await history(member, poleId, `?limit=10&cursor=${first.nextCursor}`)).json(),
    );
    expect(rest.entries).toEqual(all.slice(4));
    expect(rest.nextCursor).toBeNull();
  });

  it("answers 404 for another workspace's pole and for an unknown one, 400 for a bad id or cursor", async () => {
    const foreign = await history(member, outsidersPole);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: "Pole not found" });
    expect((await history(member, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await history(member, "not-a-pole")).statusCode).toBe(400);
    const badCursor = await history(member, poleId, "?cursor=abc");
    expect(badCursor.statusCode).toBe(400);
    // The outsider sees their own pole's history, and nothing of the team's.
    expect((await entries(outsider, outsidersPole)).every((e) => e.actor_id === outsider.id)).toBe(true);
  });
});
