/**
 * Alerts by e-mail when work arrives: a new Level 1 finding mails the owners, the admins and its
 * assignee at once; an assignment mails the assignee, one mail for a bulk assignment. Nobody is
 * mailed about what they did themselves, and a kind someone turned off is not sent to them.
 */
import { alertTexts, poleRecordTexts, type Finding } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_MAILBOX_URL } from "../helpers/app";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import type { SignedInUser } from "../helpers/users";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, get, send } from "../inspections/support";
import { alertsDelivered, mailArrives, mailsTo } from "./support";

const t = useTestApp({}, { today: () => "2026-06-01" });
const owner = useSignedInUser(t);
const admin = useSignedInUser(t);
const crew = useSignedInUser(t);
const outsider = useSignedInUser(t);

const LEVEL1 = alertTexts.level1Subject;
const ASSIGNED = "assigned to you";

let lat = 40;
async function newFinding(body: Record<string, unknown> = {}, who = owner): Promise<Finding> {
  const photo = await placedPhoto(t, who.cookie, (lat += 0.01), 4.4);
  return addFinding(t, who.cookie, photo.pole_id!, { code: "lean", level: 2, ...body });
}
const poleNameOf = (f: Finding) => f.pole_tag || poleRecordTexts.poleAt(f.latitude, f.longitude);

const setAlerts = async (who: SignedInUser, body: Record<string, boolean>) => {
  const res = await send(t, who.cookie, "PUT", "/api/me/notifications", body);
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  await createTeamWith(t, owner, [
    [admin, "admin"],
    [crew, "member"],
  ]);
});

describe("a new Level 1 finding", () => {
  it("reaches its assignee's mailbox within a minute, naming the pole, code, due date and link", async () => {
    const f = await newFinding({ level: 1, assignee_id: crew.id });
    expect(f).toMatchObject({ status: "assigned", assignee_id: crew.id, level: 1 });
    const mail = await mailArrives(t, crew.email, LEVEL1, poleNameOf(f));
    expect(mail.text).toContain(alertTexts.level1Intro(owner.email));
    expect(mail.text).toContain(alertTexts.findingLine(poleNameOf(f), "lean", 1, f.due_on, false));
    expect(mail.text).toContain(alertTexts.assignee(crew.email));
    expect(mail.links).toContainEqual(expect.stringMatching(new RegExp(`/map\\?pole=${f.pole_id}$`)));
    expect(mail.text).toContain(`"${alertTexts.kinds.level1}" is on for you`);
    expect(mail.links).toContainEqual(expect.stringMatching(/\/notifications$/));
    // The dev mailbox lists it too, with the link to the pole.
    const page = await t.app.inject({ method: "GET", url: TEST_MAILBOX_URL });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/map?pole=${f.pole_id}`);
  });

  it("mails the owners and admins, each once, not its author, and the assignee no assignment mail besides", async () => {
    const f = await newFinding({ level: 1, assignee_id: crew.id }, admin);
    const name = poleNameOf(f);
    await mailArrives(t, owner.email, LEVEL1, name);
    await mailArrives(t, crew.email, LEVEL1, name);
    await alertsDelivered(t);
    expect((await mailsTo(t, admin.email, LEVEL1)).filter((m) => m.text.includes(name))).toEqual([]);
    const crewMails = (await mailsTo(t, crew.email, "")).filter((m) => m.text.includes(name));
    expect(crewMails.map((m) => m.subject)).toEqual([LEVEL1]);
    expect((await mailsTo(t, owner.email, LEVEL1)).filter((m) => m.text.includes(name))).toHaveLength(1);
  });

  it("is also a finding raised to Level 1; a lower level mails nobody", async () => {
    const f = await newFinding();
    await alertsDelivered(t);
    expect((await mailsTo(t, admin.email, "")).filter((m) => m.text.includes(poleNameOf(f)))).toEqual([]);
    const res = await send(t, owner.cookie, "PATCH", `/api/findings/${f.id}`, { level: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailArrives(t, admin.email, LEVEL1, poleNameOf(f));
    expect(mail.text).toContain(alertTexts.assignee(alertTexts.nobody));
  });

  it("still refuses an assignee who is not a member, with a 400, and records nothing", async () => {
    const photo = await placedPhoto(t, owner.cookie, (lat += 0.01), 4.4);
    const url = `/api/poles/${photo.pole_id}/findings`;
    const res = await send(t, owner.cookie, "POST", url, {
      code: "lean",
      level: 1,
      assignee_id: outsider.id,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "assignee_not_member" });
    const list = await get(t, owner.cookie, `/api/findings?pole=${photo.pole_id}`);
    expect(list.json<{ findings: Finding[] }>().findings).toEqual([]);
  });
});

describe("an assignment", () => {
  it("mails the assignee, but not someone who takes the work themselves", async () => {
    const f = await newFinding();
    const res = await send(t, owner.cookie, "PATCH", `/api/findings/${f.id}`, { assignee_id: crew.id });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailArrives(t, crew.email, ASSIGNED, poleNameOf(f));
    expect(mail.subject).toBe(alertTexts.assignmentSubject(1));
    expect(mail.text).toContain(alertTexts.findingLine(poleNameOf(f), "lean", 2, f.due_on, false));
    expect(mail.text).toContain(`"${alertTexts.kinds.assignment}" is on for you`);

    const own = await newFinding({}, crew);
    const took = await send(t, crew.cookie, "PATCH", `/api/findings/${own.id}`, { assignee_id: crew.id });
    expect(took.statusCode, took.body).toBe(200);
    await alertsDelivered(t);
    expect((await mailsTo(t, crew.email, ASSIGNED)).filter((m) => m.text.includes(poleNameOf(own)))).toEqual(
      [],
    );
  });

  it("in bulk sends each assignee one mail listing the findings", async () => {
    const list = [await newFinding(), await newFinding(), await newFinding()];
    const res = await send(t, owner.cookie, "POST", "/api/findings/bulk", {
      ids: list.map((f) => f.id),
      patch: { assignee_id: admin.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailArrives(t, admin.email, alertTexts.assignmentSubject(3), poleNameOf(list[0]!));
    for (const f of list) expect(mail.text).toContain(poleNameOf(f));
    await alertsDelivered(t);
    const about = (await mailsTo(t, admin.email, "assigned to you")).filter((m) =>
      list.some((f) => m.text.includes(poleNameOf(f))),
    );
    expect(about).toHaveLength(1);
  });
});

describe("turning a kind off", () => {
  it("stops that kind for that person in that workspace only", async () => {
    await setAlerts(crew, { assignment: false });
    await setAlerts(admin, { level1: false });
    try {
      const f = await newFinding();
      const res = await send(t, owner.cookie, "PATCH", `/api/findings/${f.id}`, { assignee_id: crew.id });
      expect(res.statusCode, res.body).toBe(200);
      const l1 = await newFinding({ level: 1, assignee_id: crew.id });
      await mailArrives(t, crew.email, LEVEL1, poleNameOf(l1));
      await alertsDelivered(t);
      const crewAbout = (await mailsTo(t, crew.email, ASSIGNED)).filter((m) =>
        m.text.includes(poleNameOf(f)),
      );
      expect(crewAbout).toEqual([]);
      expect((await mailsTo(t, admin.email, LEVEL1)).filter((m) => m.text.includes(poleNameOf(l1)))).toEqual(
        [],
      );
    } finally {
      await setAlerts(crew, { assignment: true });
      await setAlerts(admin, { level1: true });
    }
  });
});
