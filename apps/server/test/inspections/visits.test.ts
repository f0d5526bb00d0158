/**
 * Inspection visits over the API: recorded on a pole and listed newest first, the workspace's list
 * by date and type a page at a time, bad input refused with a message, someone else's pole or
 * another workspace's as good as none, viewers reading only, the audit trail and the live event.
 */
import { auditListSchema, visitListSchema, visitTexts } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith, setActive } from "../workspaces/support";
import { addFinding, get, send } from "./support";
import { recordVisit, visitsOf } from "./visit-support";

let today = "2026-03-01";
const t = useTestApp({}, { today: () => today });
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);
const owner = useSignedInUser(t);
const viewer = useSignedInUser(t);

const post = (cookie: string, poleId: string, body: Record<string, unknown>) =>
  send(t, cookie, "POST", `/api/poles/${poleId}/inspections`, {
    type: "patrol",
    inspected_on: "2026-02-01",
    result: "no-defects",
    ...body,
  });

describe("inspection visits", () => {
  it("are recorded on a pole and listed newest first, with the type's name", async () => {
    const photo = await placedPhoto(t, user.cookie, 48.1, 11.5);
    const poleId = photo.pole_id!;
    const finding = await addFinding(t, user.cookie, poleId, { code: "lean", level: 2 });
    const first = await recordVisit(t, user.cookie, poleId, {
      type: "patrol",
      inspected_on: "2025-06-01",
      inspector: "  A. Lineman ",
    });
    expect(first).toMatchObject({
      pole_id: poleId,
      type: "patrol",
      type_name: "Patrol",
      inspected_on: "2025-06-01",
      inspector: "A. Lineman",
      result: "no-defects",
      source: "app",
      created_by: user.id,
      finding_ids: [],
    });
    const second = await recordVisit(t, user.cookie, poleId, {
      inspected_on: "2026-03-01",
      result: "findings",
      notes: "Leaning after the storm",
      finding_ids: [finding.id],
      image_ids: [photo.id],
    });
    expect(second).toMatchObject({ type_name: "Detailed", finding_ids: [finding.id], image_ids: [photo.id] });
    expect((await visitsOf(t, user.cookie, poleId)).map((v) => v.id)).toEqual([second.id, first.id]);
  });

  it("refuse a date in the future, an unknown type, another pole's finding or photo", async () => {
    const photo = await placedPhoto(t, user.cookie, 48.2, 11.6);
    const other = await placedPhoto(t, user.cookie, 48.3, 11.7);
    const otherFinding = await addFinding(t, user.cookie, other.pole_id!, { code: "lean", level: 3 });
    const cases: [Record<string, unknown>, string][] = [
      [{ inspected_on: "2026-03-03" }, visitTexts.futureDate],
      [{ type: "aerial" }, visitTexts.unknownType("aerial")],
      [{ finding_ids: [otherFinding.id] }, visitTexts.findingNotOnPole],
      [{ image_ids: [other.id] }, visitTexts.photoNotOnPole],
    ];
    for (const [body, message] of cases) {
      const res = await post(user.cookie, photo.pole_id!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    for (const body of [{ result: "fine" }, { inspected_on: "2026-02-30" }, { colour: "red" }]) {
      const res = await post(user.cookie, photo.pole_id!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await visitsOf(t, user.cookie, photo.pole_id!)).toEqual([]);
  });

  it("may be dated tomorrow by the server's clock: east of UTC, it is already today", async () => {
    const photo = await placedPhoto(t, user.cookie, 48.25, 11.65);
    const visit = await recordVisit(t, user.cookie, photo.pole_id!, { inspected_on: "2026-03-02" });
    expect(visit.inspected_on).toBe("2026-03-02");
  });

  it("of someone else's pole are as good as none", async () => {
    const photo = await placedPhoto(t, user.cookie, 48.4, 11.8);
    await recordVisit(t, user.cookie, photo.pole_id!, { inspected_on: "2026-01-10" });
    expect((await post(stranger.cookie, photo.pole_id!, {})).statusCode).toBe(404);
    expect((await get(t, stranger.cookie, `/api/poles/${photo.pole_id}/inspections`)).statusCode).toBe(404);
    const list = visitListSchema.parse((await get(t, stranger.cookie, "/api/inspections")).json());
    expect(list).toEqual({ inspections: [], nextCursor: null });
    expect((await get(t, user.cookie, `/api/poles/not-a-uuid/inspections`)).statusCode).toBe(400);
  });

  it("are written by members and read by viewers; another workspace's pole is none", async () => {
    const personal = await placedPhoto(t, owner.cookie, 48.5, 11.9);
    await createTeamWith(t, owner, [[viewer, "viewer"]]);
    const photo = await placedPhoto(t, owner.cookie, 48.6, 12.0);
    const visit = await recordVisit(t, owner.cookie, photo.pole_id!, { inspected_on: "2026-02-20" });
    const write = await post(viewer.cookie, photo.pole_id!, {});
    expect(write.statusCode).toBe(403);
    expect((await visitsOf(t, viewer.cookie, photo.pole_id!)).map((v) => v.id)).toEqual([visit.id]);
    // The owner's own personal pole is not this team's.
    expect((await post(owner.cookie, personal.pole_id!, {})).statusCode).toBe(404);
    await setActive(t, owner, null);
  });

  it("are listed across the workspace by date and type, a page at a time", async () => {
    const photo = await placedPhoto(t, stranger.cookie, 47.1, 10.1);
    const days = ["2025-01-05", "2025-02-05", "2025-03-05", "2025-04-05", "2025-05-05"];
    for (const [i, day] of days.entries()) {
      await recordVisit(t, stranger.cookie, photo.pole_id!, {
        inspected_on: day,
        type: i % 2 ? "patrol" : "detailed",
      });
    }
    const page = async (query: string) => {
      const res = await get(t, stranger.cookie, `/api/inspections?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return visitListSchema.parse(res.json());
    };
    const first = await page("limit=2");
    expect(first.inspections.map((v) => v.inspected_on)).toEqual(["2025-05-05", "2025-04-05"]);
    const rest = await page(`limit=2&cursor=${first.nextCursor}`);
    expect(rest.inspections.map((v) => v.inspected_on)).toEqual(["2025-03-05", "2025-02-05"]);
    const last = await page(`limit=2&cursor=${rest.nextCursor}`);
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.inspections.map((v) => v.inspected_on)).toEqual(["2025-01-05"]);

    const filtered = await page("from=2025-02-01&to=2025-04-30&type=detailed");
    expect(filtered.inspections.map((v) => v.inspected_on)).toEqual(["2025-03-05"]);
    for (const bad of ["cursor=nonsense", "from=2025-13-01", "type=Not%20A%20Code", "limit=0"]) {
      const res = await get(t, stranger.cookie, `/api/inspections?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it("leave an entry in the pole's audit trail and tell open screens the pole changed", async () => {
    const photo = await placedPhoto(t, user.cookie, 48.7, 12.1);
    const poleEvents = async () => {
      const res = await t.db.database.db.execute(
        sql`SELECT type FROM workspace_events WHERE ${photo.pole_id!} = ANY(pole_ids) ORDER BY id`,
      );
      return (res.rows as { type: string }[]).map((r) => r.type);
    };
    const before = (await poleEvents()).length;
    await recordVisit(t, user.cookie, photo.pole_id!, { inspected_on: "2026-02-02", inspector: "B" });
    expect((await poleEvents()).slice(before)).toEqual(["pole.updated"]);
    const entries = auditListSchema
      .parse((await get(t, user.cookie, "/api/audit")).json())
      .entries.filter((e) => e.target_id === photo.pole_id && e.action === "visit.record");
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({
      after: { type: "detailed", inspectedOn: "2026-02-02", inspector: "B", result: "no-defects" },
    });
  });

  it("keep their pole when its photos are deleted", async () => {
    const photo = await placedPhoto(t, user.cookie, 48.8, 12.2);
    const visit = await recordVisit(t, user.cookie, photo.pole_id!, { inspected_on: "2026-02-03" });
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/images/${photo.id}`,
      headers: { cookie: user.cookie, origin: "http://localhost:8080" },
    });
    expect(del.statusCode).toBe(204);
    expect((await visitsOf(t, user.cookie, photo.pole_id!)).map((v) => v.id)).toEqual([visit.id]);
    today = "2026-03-01";
  });
});
