/**
 * Findings over the API: due dates from each level's allowance, the condition roll-up the globe
 * and the region counts show, overdue by the app's clock, resolving once with an action, owner
 * checks with someone else's ids, and the audit trail of every change.
 */
import {
  auditListSchema,
  poleMarkersSchema,
  poleTimelineSchema,
  regionListSchema,
  regionKey,
  RISK_CODES,
  INSPECTION_CODES,
} from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { patchImage, placedPhoto } from "../poles/support";
import { addFinding, get, resolveFinding, send } from "./support";

let today = "2026-03-01";
const t = useTestApp({}, { today: () => today });
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

async function pole(cookie: string, id: string) {
  const res = await get(t, cookie, `/api/poles/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return poleTimelineSchema.parse(res.json());
}

async function regionOf(cookie: string, id: string) {
  const res = await get(t, cookie, "/api/regions");
  return regionListSchema.parse(res.json()).regions.find((r) => r.id === id);
}

async function markerRisk(cookie: string, regionId: string, poleId: string) {
  const res = await get(t, cookie, `/api/poles?region=${regionId}`);
  const m = poleMarkersSchema.parse(res.json());
  return RISK_CODES[m.risks[m.ids.indexOf(poleId)]!];
}

/** The region markers' overdue flag and inspection state of a pole. */
async function markerInspection(cookie: string, regionId: string, poleId: string) {
  const res = await get(t, cookie, `/api/poles?region=${regionId}`);
  const m = poleMarkersSchema.parse(res.json());
  const i = m.ids.indexOf(poleId);
  return { overdue: m.overdue?.[i], inspection: INSPECTION_CODES[m.inspections?.[i] ?? -1] };
}

describe("findings", () => {
  it("are due after each level's allowance, from today or the date observed", async () => {
    today = "2026-03-01";
    const photo = await placedPhoto(t, user.cookie, 48.1, 11.5, "2026-02-10");
    const poleId = photo.pole_id!;
    // Recorded today on a three-week-old photo: observed today, not born overdue.
    const one = await addFinding(t, user.cookie, poleId, { code: "lean", level: 1, image_id: photo.id });
    expect(one).toMatchObject({
      observed_on: "2026-03-01",
      due_on: "2026-03-08",
      status: "open",
      overdue: false,
      image_id: photo.id,
    });
    const two = await addFinding(t, user.cookie, poleId, { code: "crossarm", level: 2 });
    expect(two).toMatchObject({ observed_on: "2026-03-01", due_on: "2027-03-01", overdue: false });
    const three = await addFinding(t, user.cookie, poleId, {
      code: "other",
      level: 3,
      observed_on: "2024-01-01",
      notes: "hairline",
    });
    // Five calendar years, 29 February 2028 between: not 1,825 days (2028-12-30).
    expect(three).toMatchObject({ due_on: "2029-01-01", notes: "hairline", created_by_email: user.email });
    // Raising a level moves the due date to the new level's allowance from the observation.
    const raised = await send(t, user.cookie, "PATCH", `/api/findings/${three.id}`, { level: 2 });
    expect(raised.json()).toMatchObject({ finding: { level: 2, due_on: "2025-01-01", overdue: true } });
  });

  it("colour the pole by the worst open one; resolving returns it to the next worst, then the rating", async () => {
    today = "2026-03-01";
    const photo = await placedPhoto(t, user.cookie, 47.3, 8.5, "2026-01-05");
    const poleId = photo.pole_id!;
    const region = regionKey(8.5, 47.3);
    expect((await patchImage(t, user.cookie, photo.id, { risk: "low" })).statusCode).toBe(200);
    expect((await pole(user.cookie, poleId)).pole).toMatchObject({ condition: "low", overdue: false });

    const medium = await addFinding(t, user.cookie, poleId, { code: "top-rot", level: 2 });
    const high = await addFinding(t, user.cookie, poleId, { code: "lean", level: 1 });
    let seen = await pole(user.cookie, poleId);
    expect(seen.pole.condition).toBe("high");
    expect(seen.pole.risk).toBe("low");
    expect(seen.findings.map((f) => f.id).sort()).toEqual([high.id, medium.id].sort());
    expect(await markerRisk(user.cookie, region, poleId)).toBe("high");
    expect((await regionOf(user.cookie, region))?.risk).toMatchObject({ high: 1, low: 0 });

    // Overdue only once the clock passes the due date (7 days for level 1).
    expect((await regionOf(user.cookie, region))?.overdue).toBe(0);
    // A photo or a finding is no visit: no inspection on record.
    expect(await markerInspection(user.cookie, region, poleId)).toEqual({
      overdue: 0,
      inspection: "never",
    });
    today = "2026-03-09";
    expect((await pole(user.cookie, poleId)).pole.overdue).toBe(true);
    expect((await regionOf(user.cookie, region))?.overdue).toBe(1);
    expect(await markerInspection(user.cookie, region, poleId)).toEqual({
      overdue: 1,
      inspection: "never",
    });

    await resolveFinding(t, user.cookie, high.id);
    seen = await pole(user.cookie, poleId);
    expect(seen.pole).toMatchObject({ condition: "medium", overdue: false });
    expect(await markerRisk(user.cookie, region, poleId)).toBe("medium");
    expect((await regionOf(user.cookie, region))?.risk).toMatchObject({ high: 0, medium: 1 });

    await resolveFinding(t, user.cookie, medium.id);
    expect((await pole(user.cookie, poleId)).pole.condition).toBe("low");
    expect((await regionOf(user.cookie, region))?.risk).toMatchObject({ medium: 0, low: 1 });
  });

  it("resolve once, with an action", async () => {
    const photo = await placedPhoto(t, user.cookie, 46.2, 6.1, "2026-01-05");
    const f = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "insulator",
      level: 2,
      observed_on: "2026-01-05",
    });
    const noAction = await send(t, user.cookie, "PATCH", `/api/findings/${f.id}`, {
      resolve: { action: "  " },
    });
    expect(noAction.statusCode).toBe(400);
    const repair = await placedPhoto(t, user.cookie, 46.2, 6.1, "2026-02-01");
    const done = await send(t, user.cookie, "PATCH", `/api/findings/${f.id}`, {
      resolve: { action: "Insulator replaced", resolved_on: "2026-02-01", image_id: repair.id },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      finding: {
        status: "resolved",
        resolved_on: "2026-02-01",
        resolved_by: user.id,
        repair_image_id: repair.id,
      },
    });
    const again = await send(t, user.cookie, "PATCH", `/api/findings/${f.id}`, {
      resolve: { action: "Again" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "already_resolved" });
  });

  it("refuse unknown codes and photos of another pole", async () => {
    const a = await placedPhoto(t, user.cookie, 45.1, 7.6);
    const b = await placedPhoto(t, user.cookie, 45.2, 7.6);
    const unknown = await send(t, user.cookie, "POST", `/api/poles/${a.pole_id}/findings`, {
      code: "nope",
      level: 1,
    });
    expect(unknown.statusCode).toBe(400);
    const badLevel = await send(t, user.cookie, "POST", `/api/poles/${a.pole_id}/findings`, {
      code: "lean",
      level: 4,
    });
    expect(badLevel.statusCode).toBe(400);
    const other = await send(t, user.cookie, "POST", `/api/poles/${a.pole_id}/findings`, {
      code: "lean",
      level: 1,
      image_id: b.id,
    });
    expect(other.statusCode).toBe(400);
    expect((await pole(user.cookie, a.pole_id!)).findings).toEqual([]);
  });

  it("are no one else's business: someone else's pole and finding are 404", async () => {
    const photo = await placedPhoto(t, user.cookie, 44.4, 8.9);
    const f = await addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 1 });
    const onPole = await send(t, stranger.cookie, "POST", `/api/poles/${photo.pole_id}/findings`, {
      code: "lean",
      level: 1,
    });
    expect(onPole.statusCode).toBe(404);
    const patch = await send(t, stranger.cookie, "PATCH", `/api/findings/${f.id}`, {
      resolve: { action: "x" },
    });
    expect(patch.statusCode).toBe(404);
    const list = await get(t, stranger.cookie, `/api/findings?pole=${photo.pole_id}`);
    expect(list.json()).toEqual({ findings: [], nextCursor: null });
    expect((await pole(user.cookie, photo.pole_id!)).findings[0]).toMatchObject({ status: "open" });
  });

  it("leave every change in the audit trail with before and after", async () => {
    const photo = await placedPhoto(t, user.cookie, 43.7, 7.2);
    const f = await addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 3 });
    await send(t, user.cookie, "PATCH", `/api/findings/${f.id}`, { notes: "worse", level: 2 });
    await resolveFinding(t, user.cookie, f.id, "Straightened");
    const res = await get(t, user.cookie, "/api/audit");
    const entries = auditListSchema.parse(res.json()).entries.filter((e) => e.target_id === f.id);
    expect(entries.map((e) => e.action)).toEqual(["finding.resolve", "finding.update", "finding.create"]);
    expect(entries[1]!.details).toMatchObject({
      before: { notes: null, level: 3 },
      after: { notes: "worse", level: 2 },
    });
    expect(entries[0]!.details).toMatchObject({
      before: { status: "open" },
      after: { action: "Straightened" },
    });
  });

  it("keep their pole when its photos are deleted", async () => {
    const photo = await placedPhoto(t, user.cookie, 42.1, 9.1);
    const f = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 1,
      image_id: photo.id,
    });
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/images/${photo.id}`,
      headers: { cookie: user.cookie, origin: "http://localhost:8080" },
    });
    expect(del.statusCode).toBe(204);
    const seen = await pole(user.cookie, photo.pole_id!);
    expect(seen.findings).toMatchObject([{ id: f.id, image_id: null }]);
  });

  it("tell the workspace's open screens that the pole changed, each time", async () => {
    const photo = await placedPhoto(t, user.cookie, 43.3, 5.4);
    const poleEvents = async () => {
      const res = await t.db.database.db.execute(
        sql`SELECT type FROM workspace_events WHERE ${photo.pole_id!} = ANY(pole_ids) ORDER BY id`,
      );
      return (res.rows as { type: string }[]).map((r) => r.type);
    };
    const before = (await poleEvents()).length;
    const f = await addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 1 });
    await send(t, user.cookie, "PATCH", `/api/findings/${f.id}`, { level: 2 });
    await resolveFinding(t, user.cookie, f.id);
    expect((await poleEvents()).slice(before)).toEqual(["pole.updated", "pole.updated", "pole.updated"]);
  });
});
