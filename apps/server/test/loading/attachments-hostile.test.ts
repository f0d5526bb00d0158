/**
 * The hostile-input table for attachments: every body is refused with a 4xx and a reason, and
 * nothing is stored or changed by it.
 */
import { attachmentListSchema } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { TEST_ORIGIN } from "../helpers/users";
import { placedPhoto } from "../poles/support";
import { attach, get, send } from "./support";

const t = useTestApp();
const user = useSignedInUser(t);

const raw = (method: "POST" | "PATCH", url: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
    payload: body,
  });

/** Bodies as JSON text, so that NaN, 1e999 and duplicate or prototype keys reach the server as sent. */
const HOSTILE: [string, string][] = [
  ["NaN height", '{"kind":"neutral","height_m":NaN}'],
  ["height as a string", '{"kind":"neutral","height_m":"7"}'],
  ["negative height", '{"kind":"neutral","height_m":-1}'],
  ["height beyond any pole", '{"kind":"neutral","height_m":1e308}'],
  ["an infinite tension", '{"kind":"neutral","tension_kN":1e999}'],
  ["negative tension", '{"kind":"neutral","tension_kN":-3}'],
  ["zero diameter", '{"kind":"neutral","diameter_mm":0}'],
  ["unknown kind", '{"kind":"antenna"}'],
  ["kind missing", '{"height_m":5}'],
  ["kind in another case", '{"kind":"Primary"}'],
  ["a bearing of 360", '{"kind":"guy","bearing_deg":360}'],
  ["a negative span length", '{"kind":"primary","spans":[{"bearing_deg":10,"length_m":-5}]}'],
  [
    "a span with both shapes",
    `{"kind":"primary","spans":[{"to_pole_id":"${crypto.randomUUID()}","bearing_deg":1,"length_m":5}]}`,
  ],
  ["a span to a malformed id", '{"kind":"primary","spans":[{"to_pole_id":"1 OR 1=1"}]}'],
  ["spans as an object", '{"kind":"primary","spans":{"bearing_deg":1,"length_m":5}}'],
  ["nine spans", `{"kind":"primary","spans":[${Array(9).fill('{"bearing_deg":1,"length_m":5}').join(",")}]}`],
  ["an owner of 101 characters", `{"kind":"primary","owner":"${"x".repeat(101)}"}`],
  ["a __proto__ key", '{"kind":"primary","__proto__":{"height_m":3}}'],
  ["a constructor key", '{"kind":"primary","constructor":{"prototype":{"x":1}}}'],
  ["a toString key in a span", '{"kind":"primary","spans":[{"bearing_deg":1,"length_m":5,"toString":1}]}'],
  ["an unknown field", '{"kind":"primary","workspace_id":"someone-else"}'],
  ["a measurement that is no id", '{"kind":"primary","measurement_id":"abc"}'],
  ["not JSON", '{"kind":"primary",'],
  ["an array", '[{"kind":"primary"}]'],
];

describe("attachments refuse hostile input", () => {
  // One pole and one attachment for the whole table: nothing a refused body does may show on them.
  let pole = "";
  let kept = "";
  beforeAll(async () => {
    pole = await onePole();
    kept = (await attach(t, user.cookie, pole, { kind: "neutral", height_m: 6 })).id;
  });

  it.each(HOSTILE)("on POST: %s", async (_name, body) => {
    const res = await raw("POST", `/api/poles/${pole}/attachments`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
    expect(await listOn(pole)).toMatchObject([{ id: kept }]);
  });

  it.each(HOSTILE.filter(([name]) => name !== "kind missing"))("on PATCH: %s", async (_name, body) => {
    const res = await raw("PATCH", `/api/attachments/${kept}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(await listOn(pole)).toMatchObject([{ id: kept, kind: "neutral", height_m: 6, version: 1 }]);
  });

  it("answers 404 for a span to a pole that does not exist and for another's measurement", async () => {
    const pole = await onePole();
    const missing = { kind: "primary", spans: [{ to_pole_id: crypto.randomUUID() }] };
    expect((await send(t, user.cookie, "POST", `/api/poles/${pole}/attachments`, missing)).statusCode).toBe(
      404,
    );
    const measured = { kind: "primary", measurement_id: crypto.randomUUID() };
    expect((await send(t, user.cookie, "POST", `/api/poles/${pole}/attachments`, measured)).statusCode).toBe(
      404,
    );
    const self = { kind: "primary", spans: [{ to_pole_id: pole }] };
    expect((await send(t, user.cookie, "POST", `/api/poles/${pole}/attachments`, self)).statusCode).toBe(400);
    expect(await countOn(pole)).toBe(0);
  });

  it("answers 400 for malformed ids, an empty PATCH and a weak If-Match's 412", async () => {
    const pole = await onePole();
    expect((await get(t, user.cookie, "/api/poles/not-a-uuid/attachments")).statusCode).toBe(400);
    expect(
      (await send(t, user.cookie, "PATCH", "/api/attachments/../poles", { height_m: 1 })).statusCode,
    ).toBe(404);
    const a = await attach(t, user.cookie, pole, { kind: "neutral" });
    expect((await send(t, user.cookie, "PATCH", `/api/attachments/${a.id}`, {})).statusCode).toBe(400);
    const weak = await send(
      t,
      user.cookie,
      "PATCH",
      `/api/attachments/${a.id}`,
      { height_m: 2 },
      { "if-match": 'W/"1"' },
    );
    expect(weak.statusCode).toBe(412);
    expect(await listOn(pole)).toMatchObject([{ height_m: null, version: 1 }]);
  });
});

let lat = 40;
async function onePole(): Promise<string> {
  lat += 0.01;
  return (await placedPhoto(t, user.cookie, lat, 8)).pole_id!;
}

async function listOn(pole: string) {
  return attachmentListSchema.parse((await get(t, user.cookie, `/api/poles/${pole}/attachments`)).json())
    .attachments;
}
const countOn = async (pole: string) => (await listOn(pole)).length;
