/**
 * The query strings of the list routes (limits, cursors, dates, ids) as an attacker or a broken
 * client sends them: each is answered 2xx (served, or the value ignored where the standard says
 * so) or a 4xx that says what is wrong; never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createKey, withKey } from "../api-keys/support";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { addFinding } from "../inspections/support";
import { placedPhoto } from "../poles/support";

const t = useTestApp();
const user = useSignedInUser(t);
let key = "";
beforeAll(async () => {
  const photo = await placedPhoto(t, user.cookie, 47.07, 15.44, "2024-06-01");
  await addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 2 });
  key = (await createKey(t, user, "read")).key;
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

/** A 2xx, or a 4xx with a message; a 5xx fails with the answer in the failure. OGC takes a key. */
async function expectHandled(url: string) {
  const headers = url.startsWith("/ogc") ? withKey(key) : { cookie: user.cookie };
  const res = await t.app.inject({ method: "GET", url, headers });
  expect(res.statusCode, `${url.slice(0, 120)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.json<{ message?: string }>().message, url.slice(0, 120)).toBeTruthy();
  }
}

const LISTS = [
  "/api/images",
  "/api/images?unplaced=true",
  "/api/findings",
  "/api/findings?status=open",
  "/api/audit",
  "/api/poles?tag=P",
  "/api/poles/search?q=P",
  "/ogc/collections/poles/items",
  "/ogc/collections/photos/items",
];
const PAGED = [
  "/api/images",
  "/api/images?unplaced=true",
  "/api/findings",
  "/api/audit",
  "/ogc/collections/poles/items",
  "/ogc/collections/findings/items",
];
const JUNK = ["", "x", "%00", "1,2,3", "999,999", "-0,-0", "NaN,NaN", "1e308,1e308", "'; DROP TABLE x;--"];

const TABLE: Record<string, [string][]> = {
  limits: cases(LISTS, "limit", NUMBERS),
  cursors: cases(PAGED, "cursor", CURSORS),
  dates: [
    ...cases(["/api/audit", "/api/audit/export"], "from", DAYS),
    ...cases(["/api/audit", "/api/audit/export"], "to", DAYS),
    ...cases(["/api/export?format=csv"], "from", DAYS),
    ...cases(["/api/export?format=geojson"], "to", DAYS),
    ...cases(["/ogc/collections/photos/items"], "datetime", [
      ...DAYS,
      "../..",
      "9999-12-31/..",
      "../0000-01-01",
      "2026-01-01/2025-01-01",
      "a/b/c",
    ]),
  ],
  "ids, regions and boxes": [
    ...cases(["/api/images", "/api/findings", "/api/poles", "/api/reports/summary"], "region", JUNK),
    ...cases(["/api/findings"], "pole", JUNK),
    ...cases(["/api/poles"], "ids", JUNK),
    ...cases(["/api/events"], "workspace", ["", "x".repeat(65), "%00"]),
    ...cases(["/ogc/collections/poles/items"], "bbox", [
      ...JUNK,
      "1,2,3,4,5",
      "1,2,3,4,5,6,7",
      "200,100,-200,-100",
      "1e999,0,0,0",
      "NaN,0,1,1",
    ]),
  ],
};

describe.each(Object.entries(TABLE))("%s", (_kind, urls) => {
  it.each(urls)("%s", expectHandled);
});
