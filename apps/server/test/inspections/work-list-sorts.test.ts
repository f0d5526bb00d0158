/** GET /api/findings: every filter and every sort, each read page by page through its cursor. */
import { FINDING_SORT_FIELDS, findingListSchema, regionKey, type Finding } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, allPages, get, send } from "./support";
import { recordVisit } from "./visit-support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const crew = useSignedInUser(t);

const all = (query: string, limit: number, cookie = owner.cookie) => allPages(t, cookie, query, limit);

const KEYS: Record<(typeof FINDING_SORT_FIELDS)[number], (f: Finding) => string | number> = {
  due: (f) => f.due_on,
  level: (f) => f.level,
  observed: (f) => f.observed_on,
  tag: (f) => f.pole_tag,
  circuit: (f) => f.pole_circuit ?? "",
  // The assignee's e-mail (unassigned first), then each one's findings by due date.
  assignee: (f) => `${f.assignee_email ?? ""}\u0000${f.due_on}`,
};

function sorted(fs: Finding[], field: keyof typeof KEYS, descending: boolean): string[] {
  const cmp = (a: Finding, b: Finding) => {
    const [x, y] = [KEYS[field](a), KEYS[field](b)];
    if (x !== y) return x < y ? -1 : 1;
    return a.id < b.id ? -1 : 1;
  };
  const ordered = [...fs].sort(cmp);
  return (descending ? ordered.reverse() : ordered).map((f) => f.id);
}

const made: Finding[] = [];
let regionB = "";

beforeAll(async () => {
  await createTeamWith(t, owner, [[crew, "member"]]);
  // Four poles, two regions; tags and circuits (one pole without a circuit).
  const poles = [
    { lat: 40.1, lon: -3.7, tag: "T03", circuit: "C2" },
    { lat: 40.2, lon: -3.6, tag: "T01", circuit: "C1" },
    { lat: 41.4, lon: 2.2, tag: "T04", circuit: null },
    { lat: 41.5, lon: 2.1, tag: "T02", circuit: "C1" },
  ];
  const ids: string[] = [];
  for (const p of poles) {
    const photo = await placedPhoto(t, owner.cookie, p.lat, p.lon);
    const res = await send(t, owner.cookie, "PATCH", `/api/poles/${photo.pole_id}`, {
      tag: p.tag,
      circuit: p.circuit,
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(photo.pole_id!);
  }
  regionB = regionKey(2.2, 41.4);
  await recordVisit(t, owner.cookie, ids[1]!, { inspected_on: "2026-04-02", type: "detailed" });
  const specs = [
    { pole: 0, level: 1, code: "lean", observed_on: "2026-05-20" },
    { pole: 1, level: 2, code: "top-rot", observed_on: "2025-03-01" },
    { pole: 2, level: 3, code: "lean", observed_on: "2026-01-15" },
    { pole: 3, level: 1, code: "crossarm", observed_on: "2026-05-30" },
    { pole: 0, level: 2, code: "lean", observed_on: "2026-05-30" },
    { pole: 1, level: 3, code: "insulator", observed_on: "2024-11-11" },
    { pole: 2, level: 1, code: "top-rot", observed_on: "2026-05-01" },
    { pole: 3, level: 2, code: "lean", observed_on: "2025-06-15" },
  ];
  for (const s of specs)
    made.push(await addFinding(t, owner.cookie, ids[s.pole]!, { ...s, pole: undefined }));
  const work = [
    { assignee_id: crew.id },
    { assignee_id: owner.id, status: "in-progress" },
    {},
    { assignee_id: crew.id, status: "in-progress" },
    { resolve: { action: "Fixed" } },
    { assignee_id: owner.id },
    { assignee_id: crew.id },
    {},
  ];
  for (const [i, body] of work.entries()) {
    if (Object.keys(body).length === 0) continue;
    if ("status" in body)
      await send(t, owner.cookie, "PATCH", `/api/findings/${made[i]!.id}`, { assignee_id: body.assignee_id });
    const res = await send(t, owner.cookie, "PATCH", `/api/findings/${made[i]!.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
  }
});

describe("the work list's sorts", () => {
  it("orders by each field either way and pages through every finding once", async () => {
    const everything = await all("status=all", 100);
    expect(everything).toHaveLength(made.length);
    for (const field of FINDING_SORT_FIELDS) {
      for (const descending of [false, true]) {
        const sort = `${descending ? "-" : ""}${field}`;
        const paged = await all(`sort=${sort}`, 3);
        expect(
          paged.map((f) => f.id),
          sort,
        ).toEqual(sorted(everything, field, descending));
      }
    }
  });

  it("carries each finding's pole tag, circuit and last visit", async () => {
    const byPole = (await all("sort=tag", 100)).map((f) => [f.pole_tag, f.pole_circuit, f.pole_last_visit]);
    expect(byPole).toContainEqual(["T01", "C1", { on: "2026-04-02", type: "detailed" }]);
    expect(byPole).toContainEqual(["T04", null, null]);
  });

  it("refuses a cursor of another sort, an unknown sort or status and dates the wrong way round", async () => {
    const res = await get(t, owner.cookie, "/api/findings?sort=tag&limit=1");
    const cursor = findingListSchema.parse(res.json()).nextCursor!;
    for (const q of [
      `sort=-tag&cursor=${cursor}`,
      `sort=due&cursor=${cursor}`,
      "sort=colour",
      "status=open,maybe",
      "observed_from=2026-02-01&observed_to=2026-01-01",
      "due_within=-1",
    ]) {
      const bad = await get(t, owner.cookie, `/api/findings?${q}`);
      expect(bad.statusCode, q).toBe(400);
    }
  });
});

describe("the work list's filters", () => {
  it("filter by level, code, step, assignee, circuit, region, overdue, due within and observed dates", async () => {
    const everything = await all("status=all", 100);
    const expectFilter = async (query: string, keep: (f: Finding) => boolean, cookie = owner.cookie) => {
      for (const sort of ["due", "-tag"]) {
        const got = (await all(`${query}&sort=${sort}`, 2, cookie)).map((f) => f.id);
        const want = sorted(everything.filter(keep), sort === "due" ? "due" : "tag", sort !== "due");
        expect(want.length, query).toBeGreaterThan(0);
        expect(got, `${query}&sort=${sort}`).toEqual(want);
      }
    };
    await expectFilter("level=1", (f) => f.level === 1);
    await expectFilter("code=lean", (f) => f.code === "lean");
    await expectFilter("status=assigned", (f) => f.status === "assigned");
    await expectFilter("status=open,in-progress", (f) => f.status === "open" || f.status === "in-progress");
    await expectFilter("status=unresolved", (f) => f.status !== "resolved");
    await expectFilter("status=resolved", (f) => f.status === "resolved");
    await expectFilter("assignee=me", (f) => f.assignee_id === crew.id, crew.cookie);
    await expectFilter(`assignee=${owner.id}`, (f) => f.assignee_id === owner.id);
    await expectFilter("assignee=none", (f) => f.assignee_id === null);
    await expectFilter("circuit=C1", (f) => f.pole_circuit === "C1");
    await expectFilter("circuit=", (f) => f.pole_circuit === null);
    await expectFilter(`region=${regionB}`, (f) => f.region_id === regionB);
    await expectFilter("overdue=true", (f) => f.status !== "resolved" && f.due_on < "2026-06-01");
    await expectFilter("due_within=30", (f) => f.status !== "resolved" && f.due_on <= "2026-07-01");
    await expectFilter(
      "observed_from=2025-01-01&observed_to=2026-01-15",
      (f) => f.observed_on >= "2025-01-01" && f.observed_on <= "2026-01-15",
    );
    await expectFilter(
      "level=1&status=unresolved&assignee=me",
      (f) => f.level === 1 && f.status !== "resolved" && f.assignee_id === crew.id,
      crew.cookie,
    );
  });
});
