/** GET /api/findings: filters, paging by due date then id, bad cursors. */
import { regionKey, type Finding } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { addFinding, allPages, get, resolveFinding, send } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const user = useSignedInUser(t);

const all = (query: string, limit: number) => allPages(t, user.cookie, query, limit);

describe("the work list", () => {
  it("filters by status, level, overdue, region and pole, and pages in due order", async () => {
    const a = await placedPhoto(t, user.cookie, 40.1, -3.7);
    const b = await placedPhoto(t, user.cookie, 41.4, 2.2);
    const made: Finding[] = [];
    const dates = ["2026-05-30", "2026-05-30", "2026-05-30", "2025-01-01", "2026-05-31", "2024-02-02"];
    for (const [i, observed_on] of dates.entries()) {
      const poleId = (i % 2 === 0 ? a : b).pole_id!;
      made.push(await addFinding(t, user.cookie, poleId, { code: "lean", level: (i % 3) + 1, observed_on }));
    }
    await resolveFinding(t, user.cookie, made[5]!.id);

    const byDue = (x: Finding, y: Finding) =>
      x.due_on < y.due_on ? -1 : x.due_on > y.due_on ? 1 : x.id < y.id ? -1 : 1;
    const ids = (fs: Finding[]) => fs.map((f) => f.id);

    expect(ids(await all("status=all", 2))).toEqual(ids([...made].sort(byDue)));
    const open = made.filter((f) => f.id !== made[5]!.id);
    expect(ids(await all("status=open", 1))).toEqual(ids([...open].sort(byDue)));
    expect(ids(await all("status=resolved", 5))).toEqual([made[5]!.id]);
    const overdue = open.filter((f) => f.due_on < "2026-06-01");
    expect(overdue.length).toBeGreaterThan(0);
    expect(ids(await all("overdue=true", 3))).toEqual(ids([...overdue].sort(byDue)));
    expect(ids(await all("level=2", 3))).toEqual(ids(made.filter((f) => f.level === 2).sort(byDue)));
    const inB = made.filter((f) => f.pole_id === b.pole_id);
    expect(ids(await all(`region=${regionKey(2.2, 41.4)}`, 2))).toEqual(ids([...inB].sort(byDue)));
    expect(ids(await all(`pole=${a.pole_id}`, 10))).toEqual(
      ids(made.filter((f) => f.pole_id === a.pole_id).sort(byDue)),
    );
    const first = (await all(`pole=${a.pole_id}`, 10))[0]!;
    expect(first).toMatchObject({
      pole_tag: "",
      latitude: 40.1,
      longitude: -3.7,
      region_id: regionKey(-3.7, 40.1),
    });
  });

  it("names each finding's pole by its register tag, else by its label", async () => {
    const tagged = await placedPhoto(t, user.cookie, 48.1, 11.5);
    const labelled = await placedPhoto(t, user.cookie, 48.3, 11.9);
    for (const [photo, body] of [
      [tagged, { label: "By the barn", tag: "P-17" }],
      [labelled, { label: "By the mill" }],
    ] as const) {
      const res = await send(t, user.cookie, "PATCH", `/api/poles/${photo.pole_id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      await addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 2 });
    }
    const tagOf = async (poleId: string) => (await all(`pole=${poleId}`, 10)).map((f) => f.pole_tag);
    expect(await tagOf(tagged.pole_id!)).toEqual(["P-17"]);
    expect(await tagOf(labelled.pole_id!)).toEqual(["By the mill"]);
  });

  it("answers 400 to a bad cursor, level or region", async () => {
    for (const q of ["cursor=bm90LWEtY3Vyc29y", "level=7", "region=nowhere", "status=maybe", "limit=0"]) {
      const res = await get(t, user.cookie, `/api/findings?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});
