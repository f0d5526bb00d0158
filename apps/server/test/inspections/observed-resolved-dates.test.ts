/**
 * The days a finding is observed and resolved on: observed today unless the inspector says
 * otherwise (never after today), resolved today unless said otherwise, never before it was
 * observed nor in the future; the photo of the repair is one of the same pole. A refused date
 * changes nothing.
 */
import { inspectionTexts, poleTimelineSchema, type Finding } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createSignedInUser } from "../helpers/users";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, get, send } from "./support";

// The server's day; the latest day it takes is the next one (a user east of UTC is already there).
const TODAY = "2026-03-01";
const t = useTestApp({}, { today: () => TODAY });
const user = useSignedInUser(t);
const stranger = useSignedInUser(t);

const findingsOf = async (cookie: string, poleId: string) =>
  poleTimelineSchema.parse((await get(t, cookie, `/api/poles/${poleId}`)).json()).findings;

const resolve = (cookie: string, id: string, resolve: Record<string, unknown>) =>
  send(t, cookie, "PATCH", `/api/findings/${id}`, { resolve: { action: "Straightened", ...resolve } });

describe("the day a finding is observed on", () => {
  it("is today by default, whatever the date of the photo it is recorded on", async () => {
    const photo = await placedPhoto(t, user.cookie, 51.1, 0.1, "2026-01-10");
    const f = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 1,
      image_id: photo.id,
    });
    expect(f).toMatchObject({ observed_on: TODAY, due_on: "2026-03-08", overdue: false, image_id: photo.id });
    // The photo's date stays available: the inspector may say it was seen then.
    const old = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 1,
      observed_on: photo.date,
    });
    expect(old).toMatchObject({ observed_on: "2026-01-10", due_on: "2026-01-17", overdue: true });
  });

  it("is never after tomorrow by the server's clock", async () => {
    const photo = await placedPhoto(t, user.cookie, 51.2, 0.1);
    const res = await send(t, user.cookie, "POST", `/api/poles/${photo.pole_id}/findings`, {
      code: "lean",
      level: 2,
      observed_on: "2026-03-03",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: "date_in_future",
      message: inspectionTexts.observedInFuture("2026-03-02"),
    });
    expect(await findingsOf(user.cookie, photo.pole_id!)).toEqual([]);
    const east = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 2,
      observed_on: "2026-03-02",
    });
    expect(east.observed_on).toBe("2026-03-02");
  });
});

describe("the day a finding is resolved on", () => {
  it("is today by default, or the day given between its observation and today", async () => {
    const photo = await placedPhoto(t, user.cookie, 51.3, 0.1);
    const a = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 3,
      observed_on: "2026-02-01",
    });
    const b = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 3,
      observed_on: "2026-02-01",
    });
    expect((await resolve(user.cookie, a.id, {})).json()).toMatchObject({ finding: { resolved_on: TODAY } });
    const same = await resolve(user.cookie, b.id, { resolved_on: "2026-02-01" });
    expect(same.json()).toMatchObject({ finding: { status: "resolved", resolved_on: "2026-02-01" } });
  });

  it("is never before the finding was observed, nor in the future, and a refusal keeps it open", async () => {
    const photo = await placedPhoto(t, user.cookie, 51.4, 0.1);
    const f = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 2,
      observed_on: "2026-02-10",
    });
    const early = await resolve(user.cookie, f.id, { resolved_on: "2026-02-09" });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({
      code: "resolved_before_observed",
      message: inspectionTexts.resolvedBeforeObserved("2026-02-10"),
    });
    const late = await resolve(user.cookie, f.id, { resolved_on: "2026-03-03" });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json()).toMatchObject({ message: inspectionTexts.resolvedInFuture("2026-03-02") });
    expect((await findingsOf(user.cookie, photo.pole_id!))[0]).toMatchObject({
      status: "open",
      resolved_on: null,
      action: null,
    });
    // A finding observed on the user's tomorrow is not resolved 'today' by default: it says why.
    const ahead = await addFinding(t, user.cookie, photo.pole_id!, {
      code: "lean",
      level: 2,
      observed_on: "2026-03-02",
    });
    expect((await resolve(user.cookie, ahead.id, {})).json()).toMatchObject({
      message: inspectionTexts.resolvedBeforeObserved("2026-03-02"),
    });
  });
});

describe("the day a finding is resolved on, by the client's own date", () => {
  /** Three open findings observed on 2026-02-20, on one new pole at this latitude. */
  async function openFindings(latitude: number): Promise<[Finding, Finding, Finding]> {
    const photo = await placedPhoto(t, user.cookie, latitude, 0.1);
    const add = () =>
      addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 2, observed_on: "2026-02-20" });
    return [await add(), await add(), await add()];
  }

  it("is never later than the client's today, which is the default", async () => {
    const [a, b, c] = await openFindings(51.45);
    const poleId = a.pole_id;
    // On the server's today, tomorrow (which UTC alone allows) is the client's future.
    const tomorrow = await resolve(user.cookie, a.id, { resolved_on: "2026-03-02", today: TODAY });
    expect(tomorrow.statusCode, tomorrow.body).toBe(400);
    expect(tomorrow.json()).toMatchObject({
      code: "date_in_future",
      message: inspectionTexts.resolvedInFuture(TODAY),
    });
    // West of UTC it is still yesterday there: the server's today is the client's future.
    const west = await resolve(user.cookie, a.id, { resolved_on: TODAY, today: "2026-02-28" });
    expect(west.json()).toMatchObject({ message: inspectionTexts.resolvedInFuture("2026-02-28") });
    // East of UTC it is already tomorrow: that day is today there, and the default.
    const east = await resolve(user.cookie, b.id, { today: "2026-03-02" });
    expect(east.json()).toMatchObject({ finding: { status: "resolved", resolved_on: "2026-03-02" } });
    const bulk = await send(t, user.cookie, "POST", "/api/findings/bulk", {
      ids: [c.id],
      patch: { resolve: { action: "Straightened", resolved_on: "2026-03-02", today: TODAY } },
    });
    expect(bulk.statusCode, bulk.body).toBe(400);
    expect(bulk.json()).toMatchObject({ code: "date_in_future" });
    const open = (await findingsOf(user.cookie, poleId)).filter((f) => f.status === "open");
    expect(open.map((f) => f.id).sort()).toEqual([a.id, c.id].sort());
  });

  it("refuses a client date more than a day from the server's: no zone is that far", async () => {
    const [f] = await openFindings(51.46);
    for (const today of ["2026-03-03", "2026-02-27"]) {
      const res = await resolve(user.cookie, f.id, { resolved_on: "2026-02-25", today });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: "client_date_off",
        message: inspectionTexts.clientDateOff(today, TODAY),
      });
    }
    expect((await findingsOf(user.cookie, f.pole_id))[0]).toMatchObject({ status: "open" });
  });
});

describe("the photo of the repair", () => {
  it("is a photo of the same pole, linked as the evidence", async () => {
    const photo = await placedPhoto(t, user.cookie, 51.5, 0.1, "2026-01-05");
    const f = await addFinding(t, user.cookie, photo.pole_id!, { code: "crossarm", level: 2 });
    const elsewhere = await placedPhoto(t, user.cookie, 51.6, 0.1);
    const wrongPole = await resolve(user.cookie, f.id, { image_id: elsewhere.id });
    expect(wrongPole.statusCode, wrongPole.body).toBe(400);
    expect(wrongPole.json()).toMatchObject({ message: inspectionTexts.photoNotOnPole });
    const theirs = await placedPhoto(t, stranger.cookie, 51.5, 0.1);
    const notOurs = await resolve(user.cookie, f.id, { image_id: theirs.id });
    expect(notOurs.statusCode, notOurs.body).toBe(404);
    expect((await findingsOf(user.cookie, photo.pole_id!))[0]).toMatchObject({ status: "open" });

    const repair = await placedPhoto(t, user.cookie, 51.5, 0.1, TODAY);
    expect(repair.pole_id).toBe(photo.pole_id);
    const done = await resolve(user.cookie, f.id, { image_id: repair.id });
    expect(done.json()).toMatchObject({ finding: { status: "resolved", repair_image_id: repair.id } });
  });
});

describe("who may date a finding", () => {
  it("someone else's finding is a 404 and a viewer's change a 403, and nothing changes", async () => {
    const photo = await placedPhoto(t, user.cookie, 51.7, 0.1);
    const f = await addFinding(t, user.cookie, photo.pole_id!, { code: "lean", level: 1 });
    const foreign = await resolve(stranger.cookie, f.id, { resolved_on: TODAY });
    expect(foreign.statusCode, foreign.body).toBe(404);

    const owner = await createSignedInUser(t);
    const viewer = await createSignedInUser(t);
    await createTeamWith(t, owner, [[viewer, "viewer"]]);
    const teamPhoto = await placedPhoto(t, owner.cookie, 51.8, 0.1);
    const teamFinding = await addFinding(t, owner.cookie, teamPhoto.pole_id!, { code: "lean", level: 1 });
    const byViewer = await resolve(viewer.cookie, teamFinding.id, { resolved_on: TODAY });
    expect(byViewer.statusCode, byViewer.body).toBe(403);
    const added = await send(t, viewer.cookie, "POST", `/api/poles/${teamPhoto.pole_id}/findings`, {
      code: "lean",
      level: 1,
      observed_on: TODAY,
    });
    expect(added.statusCode, added.body).toBe(403);
    expect(await findingsOf(owner.cookie, teamPhoto.pole_id!)).toMatchObject([{ status: "open" }]);
    expect(await findingsOf(user.cookie, photo.pole_id!)).toMatchObject([{ status: "open" }]);
  });
});
