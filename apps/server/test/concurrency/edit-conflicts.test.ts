/**
 * Two people editing one photo or pole: GET answers an ETag, a PATCH with a stale If-Match is a
 * 412 carrying the record as it is now, a PATCH without If-Match is last-write-wins, and of two
 * PATCHes sent at once with the same tag exactly one wins.
 */
import {
  etagOf,
  findingConflictSchema,
  findingResponseSchema,
  imageConflictSchema,
  imageResponseSchema,
  poleConflictSchema,
  poleResponseSchema,
  poleTagResponseSchema,
  poleTimelineSchema,
  type ImageRecord,
} from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN } from "../helpers/users";
import { addFinding } from "../inspections/support";
import { imported } from "../poles/import-support";
import { placedPhoto } from "../poles/support";
import { createTeamWith, setActive } from "../workspaces/support";

const t = useTestApp();
const owner = useSignedInUser(t);
const member = useSignedInUser(t);

const patch = (cookie: string, url: string, payload: Record<string, unknown>, ifMatch?: string) =>
  t.app.inject({
    method: "PATCH",
    url,
    headers: { cookie, origin: TEST_ORIGIN, ...(ifMatch === undefined ? {} : { "if-match": ifMatch }) },
    payload,
  });
const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

let lat = 40;
/** A team photo both may edit, as GET /api/images/:id answers it, with its ETag. */
async function sharedPhoto(): Promise<{ photo: ImageRecord; etag: string }> {
  lat += 0.01;
  const photo = await placedPhoto(t, owner.cookie, lat, 10);
  const res = await get(member.cookie, `/api/images/${photo.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { photo: imageResponseSchema.parse(res.json()).image, etag: String(res.headers.etag) };
}

describe("editing together", () => {
  let teamId = "";
  it("sets up a team both work in", async () => {
    teamId = await createTeamWith(t, owner, [[member, "member"]]);
  });

  it("answers the photo's version as its ETag, and a new one after each change", async () => {
    const { photo, etag } = await sharedPhoto();
    expect(etag).toBe(etagOf(photo.version));
    const rated = await patch(owner.cookie, `/api/images/${photo.id}`, { risk: "high" }, etag);
    expect(rated.statusCode, rated.body).toBe(200);
    const after = imageResponseSchema.parse(rated.json()).image;
    expect(after.version).toBeGreaterThan(photo.version);
    expect(rated.headers.etag).toBe(etagOf(after.version));
    expect(after.updated_by).toBe(owner.email);
    expect(after.updated_at).not.toBeNull();
  });

  it("refuses notes saved over a teammate's with 412 and the photo as it is now", async () => {
    const { photo, etag } = await sharedPhoto();
    const first = await patch(
      owner.cookie,
      `/api/images/${photo.id}`,
      { notes: "Owner: crossarm cracked" },
      etag,
    );
    expect(first.statusCode, first.body).toBe(200);

    const second = await patch(
      member.cookie,
      `/api/images/${photo.id}`,
      { notes: "Member: looks fine" },
      etag,
    );
    expect(second.statusCode, second.body).toBe(412);
    const conflict = imageConflictSchema.parse(second.json());
    expect(conflict.image.notes).toBe("Owner: crossarm cracked");
    expect(conflict.image.updated_by).toBe(owner.email);

    const now = await get(owner.cookie, `/api/images/${photo.id}`);
    expect(imageResponseSchema.parse(now.json()).image.notes).toBe("Owner: crossarm cracked");
  });

  it("refuses a rating over a stale tag, and takes it with the current one", async () => {
    const { photo, etag } = await sharedPhoto();
    expect((await patch(owner.cookie, `/api/images/${photo.id}`, { risk: "low" }, etag)).statusCode).toBe(
      200,
    );
    const stale = await patch(member.cookie, `/api/images/${photo.id}`, { risk: "high" }, etag);
    expect(stale.statusCode, stale.body).toBe(412);
    const current = imageConflictSchema.parse(stale.json()).image;
    expect(current.risk).toBe("low");

    const mine = await patch(
      member.cookie,
      `/api/images/${photo.id}`,
      { risk: "high" },
      etagOf(current.version),
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(imageResponseSchema.parse(mine.json()).image.risk).toBe("high");
  });

  it("refuses a weak or malformed If-Match rather than writing blind", async () => {
    const { photo, etag } = await sharedPhoto();
    for (const tag of [`W/${etag}`, "nonsense", `${etag}, "999"`]) {
      const res = await patch(member.cookie, `/api/images/${photo.id}`, { risk: "high" }, tag);
      expect(res.statusCode, `${tag}: ${res.body}`).toBe(412);
    }
    expect((await patch(member.cookie, `/api/images/${photo.id}`, { risk: "high" }, "*")).statusCode).toBe(
      200,
    );
  });

  it("keeps the last write without If-Match (API users)", async () => {
    const { photo } = await sharedPhoto();
    expect((await patch(owner.cookie, `/api/images/${photo.id}`, { notes: "first" })).statusCode).toBe(200);
    const last = await patch(member.cookie, `/api/images/${photo.id}`, { notes: "second" });
    expect(last.statusCode, last.body).toBe(200);
    expect(imageResponseSchema.parse(last.json()).image.notes).toBe("second");
  });

  it("lets exactly one of two PATCHes sent at once with the same tag win", async () => {
    for (let round = 0; round < 3; round++) {
      const { photo, etag } = await sharedPhoto();
      const answers = await Promise.all([
        patch(owner.cookie, `/api/images/${photo.id}`, { notes: "owner's" }, etag),
        patch(member.cookie, `/api/images/${photo.id}`, { notes: "member's" }, etag),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
      const winner = answers.find((a) => a.statusCode === 200)!;
      const now = await get(owner.cookie, `/api/images/${photo.id}`);
      expect(imageResponseSchema.parse(now.json()).image.notes).toBe(
        imageResponseSchema.parse(winner.json()).image.notes,
      );
    }
  });

  it("refuses a pole label saved over a teammate's, and keeps the last without If-Match", async () => {
    const { photo } = await sharedPhoto();
    const url = `/api/poles/${photo.pole_id}`;
    const read = await get(member.cookie, url);
    const etag = String(read.headers.etag);
    expect(etag).toBe(etagOf(poleTimelineSchema.parse(read.json()).pole.version));

    const first = await patch(owner.cookie, url, { label: "P-100" }, etag);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(etagOf(poleResponseSchema.parse(first.json()).pole.version));
    const stale = await patch(member.cookie, url, { label: "P-200" }, etag);
    expect(stale.statusCode, stale.body).toBe(412);
    const current = poleConflictSchema.parse(stale.json()).pole;
    expect(current).toMatchObject({ label: "P-100", updated_by: owner.email });

    const blind = await patch(member.cookie, url, { label: "P-300" });
    expect(blind.statusCode, blind.body).toBe(200);
    expect(poleResponseSchema.parse(blind.json()).pole.label).toBe("P-300");
  });

  it("refuses a stale If-Match on a pole PATCH that would change nothing", async () => {
    const { photo } = await sharedPhoto();
    const url = `/api/poles/${photo.pole_id}`;
    const etag = String((await get(member.cookie, url)).headers.etag);
    expect((await patch(owner.cookie, url, { label: "Q-1" }, etag)).statusCode).toBe(200);
    // The member's copy is stale; sending the label it now has would change nothing.
    for (const body of [{ label: "Q-1" }, { label: " Q-1 " }]) {
      const stale = await patch(member.cookie, url, body, etag);
      expect(stale.statusCode, stale.body).toBe(412);
      expect(poleConflictSchema.parse(stale.json()).pole).toMatchObject({ label: "Q-1" });
    }
    const current = String((await get(member.cookie, url)).headers.etag);
    const same = await patch(member.cookie, url, { label: "Q-1" }, current);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.headers.etag).toBe(current);
  });

  it("refuses a finding's PATCH with a stale If-Match, even one that changes nothing", async () => {
    const { photo } = await sharedPhoto();
    const finding = await addFinding(t, owner.cookie, photo.pole_id!, { code: "lean", level: 2 });
    const url = `/api/findings/${finding.id}`;
    const first = await patch(owner.cookie, url, { notes: "seen" }, etagOf(finding.version));
    expect(first.statusCode, first.body).toBe(200);
    // The member's copy is stale; sending the notes it now has would change nothing.
    for (const [body, tag] of [
      [{ notes: "blind" }, etagOf(finding.version)],
      [{ notes: "seen" }, etagOf(finding.version)],
      [{ notes: "blind" }, 'W/"1"'],
    ] as const) {
      const res = await patch(member.cookie, url, body, tag);
      expect(res.statusCode, `${tag}: ${res.body}`).toBe(412);
      expect(findingConflictSchema.parse(res.json()).finding).toMatchObject({
        id: finding.id,
        notes: "seen",
      });
    }
    const any = await patch(member.cookie, url, { notes: "again" }, "*");
    expect(any.statusCode, any.body).toBe(200);
    expect(findingResponseSchema.parse(any.json()).finding.notes).toBe("again");
    // Someone else's finding stays a 404 whatever the tag.
    await setActive(t, member, null);
    expect((await patch(member.cookie, url, { notes: "x" }, '"1"')).statusCode).toBe(404);
    await setActive(t, member, teamId);
  });

  it("lets exactly one of two label saves with the same tag win", async () => {
    const { photo } = await sharedPhoto();
    const url = `/api/poles/${photo.pole_id}`;
    const etag = String((await get(member.cookie, url)).headers.etag);
    const answers = await Promise.all([
      patch(owner.cookie, url, { label: "A" }, etag),
      patch(member.cookie, url, { label: "B" }, etag),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
  });

  it("refuses an edit of a pole that a register import changed since it was read", async () => {
    const csv = (height: number) => `tag,latitude,longitude,height_m\nIMP-1,41.5,10.5,${height}\n`;
    await imported(t, owner, csv(11));
    const [hit] = poleTagResponseSchema.parse(
      (await get(member.cookie, "/api/poles?tag=IMP-1")).json(),
    ).poles;
    const url = `/api/poles/${hit!.id}`;
    const etag = String((await get(member.cookie, url)).headers.etag);
    expect((await imported(t, owner, csv(12))).updated).toBe(1);
    const stale = await patch(member.cookie, url, { label: "Mine" }, etag);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(poleConflictSchema.parse(stale.json()).pole).toMatchObject({
      height_m: 12,
      updated_by: owner.email,
    });
  });

  it("answers 404, not 412, for someone else's photo with any tag", async () => {
    const { photo, etag } = await sharedPhoto();
    await setActive(t, member, null);
    const res = await patch(member.cookie, `/api/images/${photo.id}`, { risk: "high" }, etag);
    expect(res.statusCode, res.body).toBe(404);
  });
});
