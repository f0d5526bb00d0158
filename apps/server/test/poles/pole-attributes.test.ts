/**
 * A pole's other attributes (the owner among them) edited over PATCH /api/poles/:id: added,
 * changed and removed by members, admins and owners, names and values trimmed, audited with
 * before and after, refused with what is wrong, under the same If-Match rule as every other field.
 */
import {
  auditListSchema,
  etagOf,
  MAX_ATTRIBUTE_NAME_LENGTH,
  MAX_ATTRIBUTE_VALUE_LENGTH,
  MAX_POLE_ATTRIBUTES,
  poleConflictSchema,
  poleResponseSchema,
  poleTagResponseSchema,
  type PoleAttributes,
} from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN, type SignedInUser } from "../helpers/users";
import { createTeamWith, get } from "../workspaces/support";
import { imported, OBJECT_MEMBER_NAMES, poleRecord } from "./import-support";

const t = useTestApp();
const owner = useSignedInUser(t);
const admin = useSignedInUser(t);
const member = useSignedInUser(t);
const viewer = useSignedInUser(t);
const stranger = useSignedInUser(t);

const patch = (who: SignedInUser, id: string, payload: Record<string, unknown>, ifMatch?: string) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/poles/${id}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, ...(ifMatch ? { "if-match": ifMatch } : {}) },
    payload,
  });

let row = 0;
/** A photoless pole of the team's register, imported with an owner and a span. */
async function registerPole(): Promise<string> {
  row += 1;
  const csv = `tag,latitude,longitude,owner,span\nA-${row},${44 + row / 100},7.5,Town grid,40\n`;
  const result = await imported(t, owner, csv);
  expect(result.created).toBe(1);
  const found = await get(t, owner, `/api/poles?tag=A-${row}`);
  return poleTagResponseSchema.parse(found.json()).poles[0]!.id;
}

async function attributesOf(id: string): Promise<PoleAttributes> {
  return (await poleRecord(t, member, id)).pole.attributes;
}

describe("a pole's other attributes", () => {
  it("sets up a team with every role", async () => {
    await createTeamWith(t, owner, [
      [admin, "admin"],
      [member, "member"],
      [viewer, "viewer"],
    ]);
  });

  it("are added, changed and removed by members, admins and owners, trimmed", async () => {
    const id = await registerPole();
    expect(await attributesOf(id)).toEqual({ owner: "Town grid", span: "40" });

    const res = await patch(member, id, {
      attributes: { owner: "  Enedis ", span: "40", " feeder ": " F-12 " },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(poleResponseSchema.parse(res.json()).pole.attributes).toEqual({
      owner: "Enedis",
      span: "40",
      feeder: "F-12",
    });
    expect((await patch(admin, id, { attributes: { owner: "Enedis", feeder: "F-13" } })).statusCode).toBe(
      200,
    );
    expect((await patch(owner, id, { attributes: { owner: "Town grid", feeder: "F-13" } })).statusCode).toBe(
      200,
    );
    expect(await attributesOf(id)).toEqual({ owner: "Town grid", feeder: "F-13" });
  });

  it("are audited with the attributes before and after, and the same ones again are no change", async () => {
    const id = await registerPole();
    expect((await patch(member, id, { attributes: { span: "40", owner: "Enedis" } })).statusCode).toBe(200);
    const entries = async () =>
      auditListSchema
        .parse((await get(t, owner, `/api/poles/${id}/history`)).json())
        .entries.filter((e) => e.action === "pole.update");
    expect((await entries()).map((e) => e.details)).toEqual([
      {
        before: { attributes: { owner: "Town grid", span: "40" } },
        after: { attributes: { owner: "Enedis", span: "40" } },
      },
    ]);
    // In another order, trimmed to what is stored: nothing changes, nothing is written.
    const same = await patch(member, id, { attributes: { owner: " Enedis", span: "40" } });
    expect(same.statusCode, same.body).toBe(200);
    expect(await entries()).toHaveLength(1);
  });

  it("follow the If-Match rule: a stale version is a 412 with the pole as it is now", async () => {
    const id = await registerPole();
    const { version } = (await poleRecord(t, member, id)).pole;
    const first = await patch(admin, id, { attributes: { owner: "Enedis", span: "40" } }, etagOf(version));
    expect(first.statusCode, first.body).toBe(200);
    const second = await patch(
      member,
      id,
      { attributes: { owner: "Town grid", span: "41" } },
      etagOf(version),
    );
    expect(second.statusCode, second.body).toBe(412);
    const conflict = poleConflictSchema.parse(second.json());
    expect(conflict.pole.attributes).toEqual({ owner: "Enedis", span: "40" });
    expect(await attributesOf(id)).toEqual({ owner: "Enedis", span: "40" });
  });

  it("refuse bad names and values with a 400 saying what is wrong, and keep what was there", async () => {
    const id = await registerPole();
    const many = Object.fromEntries(
      Array.from({ length: MAX_POLE_ATTRIBUTES + 1 }, (_, i) => [`k${i}`, i] as const),
    );
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ "  ": "x" }, /needs a name/],
      [{ owner: "a", " owner ": "b" }, /already has an attribute named "owner"/],
      [{ Owner: "PGE", owner: "SCE" }, /already has an attribute named "owner"/],
      [{ owner: "   " }, /Attribute "owner" has no value/],
      [{ ["n".repeat(MAX_ATTRIBUTE_NAME_LENGTH + 1)]: "x" }, /at most 64 characters/],
      [{ owner: "x".repeat(MAX_ATTRIBUTE_VALUE_LENGTH + 1) }, /"owner" is longer than 256 characters/],
      [many, /at most 50 attributes/],
      [{ nested: { a: 1 } }, /attributes/],
    ];
    for (const [attributes, message] of cases) {
      const res = await patch(member, id, { attributes });
      expect(res.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await attributesOf(id)).toEqual({ owner: "Town grid", span: "40" });
  });

  it("keep names of Object's own members as plain names, and refuse __proto__", async () => {
    const id = await registerPole();
    const members = Object.fromEntries(OBJECT_MEMBER_NAMES.map((n, i) => [n, `v${i}`]));
    const res = await patch(member, id, { attributes: members });
    expect(res.statusCode, res.body).toBe(200);
    expect(poleResponseSchema.parse(res.json()).pole.attributes).toEqual(members);
    expect(await attributesOf(id)).toEqual(members);
    // Sent back with one changed, as the record's editor does.
    const changed = await patch(member, id, { attributes: { ...members, constructor: "w" } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await attributesOf(id)).toEqual({ ...members, constructor: "w" });
    const proto = await t.app.inject({
      method: "PATCH",
      url: `/api/poles/${id}`,
      headers: { cookie: member.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: '{"attributes":{"__proto__":"x"}}',
    });
    expect(proto.statusCode, proto.body).toBe(400);
    expect(await attributesOf(id)).toEqual({ ...members, constructor: "w" });
  });

  it("are read only for viewers (403) and not found from another workspace (404)", async () => {
    const id = await registerPole();
    expect((await get(t, viewer, `/api/poles/${id}`)).statusCode).toBe(200);
    const asViewer = await patch(viewer, id, { attributes: { owner: "Viewer" } });
    expect(asViewer.statusCode, asViewer.body).toBe(403);
    const asStranger = await patch(stranger, id, { attributes: { owner: "Stranger" } });
    expect(asStranger.statusCode, asStranger.body).toBe(404);
    expect(await attributesOf(id)).toEqual({ owner: "Town grid", span: "40" });
  });
});
