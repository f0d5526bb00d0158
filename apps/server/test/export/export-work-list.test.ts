/**
 * The work list's CSV is the findings layer of GET /api/export with the work list's filters: its
 * columns name things as people do (tag, circuit, region name, e-mails), never internal ids, and
 * another workspace's findings are never in it, whatever the filter.
 */
import { auditListSchema, regionKey, type Finding } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { addFinding, allPages, send } from "../inspections/support";
import { placedPhoto } from "../poles/support";
import { exportFile } from "./photos";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const stranger = useSignedInUser(t);

const HEADER =
  "pole_tag,circuit,region,code,level,observed_on,due_on,original_due_on,extension_reasons,status,overdue," +
  "assignee,work_order,last_visit_on,last_visit_type,created_by,resolved_on,action,notes," +
  "pole_condition,pole_condition_source,pole_inspection_state,longitude,latitude";

async function poleAt(who: typeof owner, lat: number, lon: number, tag: string, circuit: string) {
  const photo = await placedPhoto(t, who.cookie, lat, lon);
  const res = await send(t, who.cookie, "PATCH", `/api/poles/${photo.pole_id}`, { tag, circuit });
  expect(res.statusCode, res.body).toBe(200);
  return photo.pole_id!;
}

let mine: Finding[] = [];

beforeAll(async () => {
  const a = await poleAt(owner, 40.1, -3.7, "P-1", "F-12");
  const b = await poleAt(owner, 41.4, 2.2, "P-2", "F-9");
  const assigned = await addFinding(t, owner.cookie, a, {
    code: "lean",
    level: 1,
    observed_on: "2026-01-10",
  });
  const res = await send(t, owner.cookie, "PATCH", `/api/findings/${assigned.id}`, {
    assignee_id: owner.id,
    work_order: "WO-7",
  });
  expect(res.statusCode, res.body).toBe(200);
  await addFinding(t, owner.cookie, a, { code: "top-rot", level: 2, observed_on: "2026-05-30" });
  await addFinding(t, owner.cookie, b, { code: "lean", level: 1, observed_on: "2026-05-30" });
  // The same tag, circuit and place in another workspace.
  const theirs = await poleAt(stranger, 40.1, -3.7, "P-1", "F-12");
  await addFinding(t, stranger.cookie, theirs, { code: "lean", level: 1, notes: "not yours" });
  mine = await allPages(t, owner.cookie, "status=all", 100);
});

const csvOf = async (who: typeof owner, query: string) => {
  const res = await exportFile(t, who, `layer=findings&format=csv&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe("the work list's CSV through the export", () => {
  it("writes the findings of the work list's filter, named as people name them", async () => {
    const regions = await t.app.inject({
      method: "GET",
      url: "/api/regions",
      headers: { cookie: owner.cookie },
    });
    const named = regions.json<{ regions: { id: string; name: string }[] }>().regions;
    const region = named.find((r) => r.id === regionKey(-3.7, 40.1))!.name;
    const f = mine.find((x) => x.work_order === "WO-7")!;
    expect(await csvOf(owner, "level=1&circuit=F-12&status=unresolved")).toBe(
      `${HEADER}\r\n` +
        [
          "P-1",
          "F-12",
          region,
          "lean",
          "1",
          "2026-01-10",
          f.due_on,
          f.due_on,
          "",
          "assigned",
          String(f.due_on < "2026-06-01"),
          owner.email,
          "WO-7",
          "",
          "",
          owner.email,
          "",
          "",
          "",
          // The pole is High by its open Level 1 finding; no visit on record.
          "high",
          "finding",
          "never",
          "-3.7",
          "40.1",
        ].join(",") +
        "\r\n",
    );
    expect(region).toMatch(/^Region \d+$/);
  });

  it("takes the work list's other filters and its sort", async () => {
    const rows = async (query: string) =>
      (await csvOf(owner, query))
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(","));
    expect((await rows("assignee=me")).map((r) => r[12])).toEqual(["WO-7"]);
    expect((await rows("code=top-rot")).map((r) => [r[0], r[3]])).toEqual([["P-1", "top-rot"]]);
    expect((await rows("status=all&sort=-level")).map((r) => r[4])).toEqual(["2", "1", "1"]);
    expect((await rows("from=2026-05-01&to=2026-05-31")).map((r) => r[5])).toEqual([
      "2026-05-30",
      "2026-05-30",
    ]);
  });

  it("records the work list's filters and sort in the audit trail", async () => {
    await csvOf(owner, "level=1&circuit=F-12&status=unresolved&assignee=me&due_within=30&sort=-due");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/audit?action=export.download&limit=1",
      headers: { cookie: owner.cookie },
    });
    const [entry] = auditListSchema.parse(res.json()).entries;
    expect(entry!.details).toEqual({
      format: "csv",
      layer: "findings",
      filters: {
        level: 1,
        circuit: "F-12",
        status: ["open", "assigned", "in-progress"],
        assignee: "me",
        due_within: 30,
        sort: { field: "due", descending: true },
      },
    });
  });

  it("never holds another workspace's findings", async () => {
    for (const query of [
      "status=all",
      "level=1&circuit=F-12",
      `region=${regionKey(-3.7, 40.1)}`,
      "assignee=none",
    ]) {
      const body = await csvOf(owner, query);
      expect(body, query).not.toMatch(/not yours/);
    }
    const all = (await csvOf(owner, "status=all")).trim().split("\r\n");
    expect(all).toHaveLength(1 + mine.length);
    const theirs = (await csvOf(stranger, "status=all")).trim().split("\r\n");
    expect(theirs).toHaveLength(2);
    expect(theirs[1]).toMatch(/not yours/);
  });

  it("refuses a bad filter or one the layer does not have, saying which", async () => {
    for (const [query, path] of [
      ["layer=findings&format=csv&level=7", "level"],
      ["layer=findings&format=csv&status=done", "status"],
      ["layer=findings&format=csv&due_within=-1", "due_within"],
      ["layer=poles&format=csv&status=open", "status"],
      ["layer=photos&format=csv&circuit=F-12", "circuit"],
    ]) {
      const res = await exportFile(t, owner, query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toMatch(path!);
    }
  });
});
