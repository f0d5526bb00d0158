/**
 * The daily digest: each assignee gets one mail listing their unresolved findings due within 14
 * days or overdue; later and resolved ones are left out, nothing due means no mail, and a day's
 * digest goes out once however often (or from however many processes) it is run.
 */
import { alertTexts, DIGEST_DAYS_AHEAD, poleRecordTexts, type Finding } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { digestCron } from "../../src/modules/alerts/alerts.module";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";
import { addFinding, resolveFinding, send } from "../inspections/support";
import { alertsDelivered, mailArrives, mailsTo } from "./support";

const TODAY = "2026-06-01";
const t = useTestApp({}, { today: () => TODAY });
const owner = useSignedInUser(t);
const crew = useSignedInUser(t);
const idle = useSignedInUser(t);

const DIGEST = "due soon or overdue";
const nameOf = (f: Finding) => f.pole_tag || poleRecordTexts.poleAt(f.latitude, f.longitude);

let lat = 30;
/** A Level 2 finding (due a year after it was observed) assigned to the crew. */
async function assigned(observedOn: string): Promise<Finding> {
  const photo = await placedPhoto(t, owner.cookie, (lat += 0.01), 5.5);
  return addFinding(t, owner.cookie, photo.pole_id!, {
    code: "lean",
    level: 2,
    observed_on: observedOn,
    assignee_id: crew.id,
  });
}

let overdue: Finding, dueSoon: Finding, lastDay: Finding, later: Finding, resolved: Finding;

beforeAll(async () => {
  await createTeamWith(t, owner, [
    [crew, "member"],
    [idle, "member"],
  ]);
  overdue = await assigned("2025-05-20"); // due 2026-05-20
  dueSoon = await assigned("2025-06-05"); // due 2026-06-05
  lastDay = await assigned("2025-06-15"); // due 2026-06-15: the 14th day ahead
  later = await assigned("2025-06-16"); // due 2026-06-16
  resolved = await assigned("2025-05-25");
  await resolveFinding(t, owner.cookie, resolved.id);
  await alertsDelivered(t);
});

describe("the daily digest", () => {
  it("lists an assignee's overdue findings and those due within 14 days, nothing else", async () => {
    expect(DIGEST_DAYS_AHEAD).toBe(14);
    expect(lastDay.due_on).toBe("2026-06-15");
    expect(await t.app.findingAlerts.sendDigests(TODAY)).toEqual({ sent: 1 });
    const mail = await mailArrives(t, crew.email, DIGEST, nameOf(dueSoon));
    expect(mail.subject).toBe(alertTexts.digestSubject(3));
    expect(mail.text).toContain(alertTexts.findingLine(nameOf(overdue), "lean", 2, "2026-05-20", true));
    expect(mail.text).toContain(alertTexts.findingLine(nameOf(dueSoon), "lean", 2, "2026-06-05", false));
    expect(mail.text).toContain(alertTexts.findingLine(nameOf(lastDay), "lean", 2, "2026-06-15", false));
    expect(mail.text).not.toContain(nameOf(later));
    expect(mail.text).not.toContain(nameOf(resolved));
    expect(mail.text.indexOf(nameOf(overdue))).toBeLessThan(mail.text.indexOf(nameOf(dueSoon)));
    expect(mail.text).toContain(`"${alertTexts.kinds.digest}" is on for you`);
    await alertsDelivered(t);
    // Nothing assigned, nothing due: no mail.
    expect(await mailsTo(t, idle.email, DIGEST)).toEqual([]);
    expect(await mailsTo(t, owner.email, DIGEST)).toEqual([]);
  });

  it("goes out once a day, however often and from however many callers at once it runs", async () => {
    expect(await t.app.findingAlerts.sendDigests(TODAY)).toEqual({ sent: 0 });
    const next = "2026-06-02";
    const runs = await Promise.all([1, 2, 3].map(() => t.app.findingAlerts.sendDigests(next)));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    await alertsDelivered(t);
    expect(await mailsTo(t, crew.email, DIGEST)).toHaveLength(2);
  });

  it("is not sent to someone who turned it off", async () => {
    const off = await send(t, crew.cookie, "PUT", "/api/me/notifications", { digest: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.app.findingAlerts.sendDigests("2026-06-03")).toEqual({ sent: 0 });
    await alertsDelivered(t);
    expect(await mailsTo(t, crew.email, DIGEST)).toHaveLength(2);
  });

  it("runs at the configured time of day (UTC)", () => {
    expect(digestCron("06:00")).toBe("0 6 * * *");
    expect(digestCron("23:45")).toBe("45 23 * * *");
  });
});
