/**
 * The query strings of the list routes (limits, cursors, dates, ids) as an attacker or a broken
 * client sends them: each is answered 2xx (served, or the value ignored where the standard says
 * so) or a 4xx that says what is wrong; never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, withKey } from "../api-keys/support";
import { buildTestApp, type TestApp } from "../helpers/app";
import { createSignedInUser, type SignedInUser } from "../helpers/users";
import { addFinding } from "../inspections/support";
import { placedPhoto } from "../poles/support";

let t: TestApp;
let user: SignedInUser;
let key = "";
beforeAll(async () => {
  t = await buildTestApp();
  user = await createSignedInUser(t);
  const photo = await placedPhoto(t, user.cookie, 47.07, 15.44, "2024-06-01");
  await addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 2 });
  key = (await createKey(t, user, "read")).key;
});
afterAll(async () => {
  await t?.close();
});

const NUMBERS = [
  "-1",
  "0",
  "1.5",
  "1e999",
  "NaN",
  "Infinity",
  "0x10",
  "99999999999999999999",
  "",
  " ",
  "abc",
];
const CURSORS = [
  "",
  "%00",
  "%E0%A4%A",
  "x".repeat(5000),
  "====",
  Buffer.from("9999-99-99,1").toString("base64url"),
  Buffer.from("+010000-01-01,00000000-0000-0000-0000-000000000000").toString("base64url"),
  Buffer.from("\u0000\ud800").toString("base64url"),
  Buffer.from(JSON.stringify({ t: "9".repeat(400), id: "x" })).toString("base64url"),
  Buffer.from("NaN|NaN").toString("base64url"),
];
const DAYS = [
  "9999-12-31",
  "0000-01-01",
  "0001-01-01",
  "2026-02-30",
  "+010000-01-01",
  "-000001-01-01",
  "2026-13-01",
  "NaN",
  "",
  "2026-01-01T25:00:00Z",
];

/** Every value of `values` in `param` of each route, once each, and twice (an array). */
function cases(routes: string[], param: string, values: string[]): [string][] {
  const out: [string][] = [];
  for (const route of routes) {
    const sep = route.includes("?") ? "&" : "?";
    for (const v of values) out.push([`${route}${sep}${param}=${encodeURIComponent(v)}`]);
    out.push([`${route}${sep}${param}=1&${param}=2`]);
  }
  return out;
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

/** A 2xx, or a 4xx with a message; a 5xx fails with the answer in the failure. */
async function expectHandled(url: string, headers: Record<string, string>) {
  const res = await get(url, headers);
  expect(res.statusCode, `${url.slice(0, 120)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.json<{ message?: string }>().message, url.slice(0, 120)).toBeTruthy();
  }
}

const SESSION_LISTS = [
  "/api/images",
  "/api/images?unplaced=true",
  "/api/findings",
  "/api/findings?status=open",
  "/api/audit",
  "/api/poles?tag=P",
  "/api/poles/search?q=P",
];

describe("limits", () => {
  it.each(cases(SESSION_LISTS, "limit", NUMBERS))("%s", async (url) => {
    await expectHandled(url, { cookie: user.cookie });
  });
  it.each(cases(["/ogc/collections/poles/items", "/ogc/collections/photos/items"], "limit", NUMBERS))(
    "%s",
    async (url) => {
      await expectHandled(url, withKey(key));
    },
  );
});

describe("cursors", () => {
  it.each(
    cases(["/api/images", "/api/images?unplaced=true", "/api/findings", "/api/audit"], "cursor", CURSORS),
  )("%s", async (url) => {
    await expectHandled(url, { cookie: user.cookie });
  });
  it.each(cases(["/ogc/collections/poles/items", "/ogc/collections/findings/items"], "cursor", CURSORS))(
    "%s",
    async (url) => {
      await expectHandled(url, withKey(key));
    },
  );
});

describe("dates", () => {
  it.each([
    ...cases(["/api/audit", "/api/audit/export"], "from", DAYS),
    ...cases(["/api/audit", "/api/audit/export"], "to", DAYS),
    ...cases(["/api/export?format=csv"], "from", DAYS),
    ...cases(["/api/export?format=geojson"], "to", DAYS),
  ])("%s", async (url) => {
    await expectHandled(url, { cookie: user.cookie });
  });
  it.each(
    cases(["/ogc/collections/photos/items"], "datetime", [
      ...DAYS,
      "../..",
      "9999-12-31/..",
      "../0000-01-01",
      "2026-01-01/2025-01-01",
      "a/b/c",
    ]),
  )("%s", async (url) => {
    await expectHandled(url, withKey(key));
  });
});

describe("ids, regions and boxes", () => {
  const junk = ["", "x", "%00", "1,2,3", "999,999", "-0,-0", "NaN,NaN", "1e308,1e308", "'; DROP TABLE x;--"];
  it.each([
    ...cases(["/api/images", "/api/findings", "/api/poles", "/api/reports/summary"], "region", junk),
    ...cases(["/api/findings"], "pole", junk),
    ...cases(["/api/poles"], "ids", junk),
    ...cases(["/api/events"], "workspace", ["", "x".repeat(65), "%00"]),
  ])("%s", async (url) => {
    await expectHandled(url, { cookie: user.cookie });
  });
  it.each(
    cases(["/ogc/collections/poles/items"], "bbox", [
      ...junk,
      "1,2,3,4,5",
      "1,2,3,4,5,6,7",
      "200,100,-200,-100",
      "1e999,0,0,0",
      "NaN,0,1,1",
    ]),
  )("%s", async (url) => {
    await expectHandled(url, withKey(key));
  });
});
