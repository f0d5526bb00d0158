/**
 * A pole's register fields over GET/PATCH /api/poles/:id: what is stored and answered, who may
 * edit, the audit trail's before/after, a tag taken twice and out-of-range values.
 */
import { auditListSchema, poleResponseSchema, poleTimelineSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { addMember, createTeam, get, setActive } from "../workspaces/support";
import { placedPhoto } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const viewer = useSignedInUser(t);
const stranger = useSignedInUser(t);

const patch = (who: SignedInUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/poles/${id}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload,
  });

describe("a pole's register fields", () => {
  it("are answered, edited by members, audited with before and after", async () => {
    const photo = await placedPhoto(t, owner.cookie, 45.1, 7.6);
    const id = photo.pole_id!;
    const fresh = poleTimelineSchema.parse((await get(t, owner, `/api/poles/${id}`)).json()).pole;
    expect(fresh).toMatchObject({
      tag: null,
      material: null,
      source: "photo",
      attributes: {},
      // The photo was placed by hand (PATCH latitude/longitude): so was the pole it made.
      position_source: "manual",
    });

    const fields = {
      tag: "  P-77 ",
      material: "wood",
      height_m: 12.5,
      class: "4",
      installed_year: 1987,
      circuit: "F-12",
      attributes: { owner: "Acme", span: 42 },
    };
    const res = await patch(owner, id, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(poleResponseSchema.parse(res.json()).pole).toMatchObject({ ...fields, tag: "P-77" });
    const again = poleTimelineSchema.parse((await get(t, owner, `/api/poles/${id}`)).json()).pole;
    expect(again).toMatchObject({ ...fields, tag: "P-77", photo_count: 1 });

    // Clearing with null and "": only what changed is audited.
    expect((await patch(owner, id, { material: null, circuit: "", class: "4" })).statusCode).toBe(200);
    const audit = auditListSchema.parse((await get(t, owner, "/api/audit?action=pole.update")).json());
    const [last, first] = audit.entries;
    expect(last?.details).toEqual({
      before: { material: "wood", circuit: "F-12" },
      after: { material: null, circuit: null },
    });
    expect(first?.details).toMatchObject({
      before: { tag: null, height_m: null, attributes: {} },
      after: { tag: "P-77", height_m: 12.5, attributes: { owner: "Acme", span: 42 } },
    });
  });

  it("keep a tag unique in the workspace, whatever its case", async () => {
    const a = (await placedPhoto(t, owner.cookie, 46.1, 7.6)).pole_id!;
    const b = (await placedPhoto(t, owner.cookie, 46.2, 7.6)).pole_id!;
    expect((await patch(owner, a, { tag: "Q-1" })).statusCode).toBe(200);
    const taken = await patch(owner, b, { tag: "q-1" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "tag_taken" });
    // Another workspace may use the same tag.
    const theirs = (await placedPhoto(t, stranger.cookie, 46.1, 7.6)).pole_id!;
    expect((await patch(stranger, theirs, { tag: "Q-1" })).statusCode).toBe(200);
  });

  it("refuse values out of range and unknown fields", async () => {
    const id = (await placedPhoto(t, owner.cookie, 47.1, 7.6)).pole_id!;
    const nextYear = new Date().getUTCFullYear() + 1;
    for (const body of [
      { material: "brick" },
      { height_m: 0.5 },
      { height_m: 101 },
      { installed_year: 1849 },
      { installed_year: nextYear + 1 },
      { class: "x".repeat(17) },
      { circuit: "x".repeat(65) },
      { tag: "x".repeat(65) },
      { attributes: { big: "x".repeat(4100) } },
      { attributes: { nested: { a: 1 } } },
      { source: "import" },
      {},
    ]) {
      const res = await patch(owner, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(owner, id, { installed_year: nextYear })).statusCode).toBe(200);
  });

  it("are closed to viewers (403) and to other workspaces (404)", async () => {
    const team = await createTeam(t, owner);
    await setActive(t, owner, team);
    const id = (await placedPhoto(t, owner.cookie, 48.1, 7.6)).pole_id!;
    await addMember(t, team, owner, viewer, "viewer");
    await setActive(t, viewer, team);
    expect((await get(t, viewer, `/api/poles/${id}`)).statusCode).toBe(200);
    expect((await patch(viewer, id, { tag: "V-1" })).statusCode).toBe(403);
    expect((await patch(stranger, id, { tag: "V-1" })).statusCode).toBe(404);
    expect((await get(t, stranger, `/api/poles/${id}`)).statusCode).toBe(404);
    await setActive(t, owner, null);
  });
});
