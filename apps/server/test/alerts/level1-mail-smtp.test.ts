/**
 * The Level 1 mail over SMTP (SMTP_URL) against a real smtp-server on 127.0.0.1: what the crew
 * needs before opening the app is in it, the finder's notes and the team's name beside the pole,
 * code and due date; a finding without notes says so rather than leaving a blank.
 */
import { alertTexts } from "@poleatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, waitFor, type TestSmtpServer } from "../auth/mail-helpers";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { addFinding } from "../inspections/support";
import { placedPhoto } from "../poles/support";
import { createTeamWith } from "../workspaces/support";

describe("the Level 1 mail over SMTP", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: "PoleAtlas <alerts@poleatlas.test>" }), {
    today: () => "2026-06-01",
  });
  const owner = useSignedInUser(t);
  const crew = useSignedInUser(t);

  const mailAbout = (to: string, text: string) =>
    waitFor(
      () =>
        Promise.resolve(
          smtp.received.find(
            (m) => m.to.includes(to) && m.subject === alertTexts.level1Subject && m.text.includes(text),
          ),
        ),
      `Level 1 mail to ${to} about ${text}`,
    );

  it("carries the finding's notes and the team's name", async () => {
    await createTeamWith(t, owner, [[crew, "member"]], "North Crew");
    const photo = await placedPhoto(t, owner.cookie, 37.7808, -122.408);
    const notes = "Crossarm split through the bolt hole; phase conductor sagging.";
    const f = await addFinding(t, owner.cookie, photo.pole_id!, {
      code: "crossarm",
      level: 1,
      notes,
      assignee_id: crew.id,
    });
    const mail = await mailAbout(crew.email, f.due_on);
    expect(mail.text).toContain(alertTexts.notes(notes));
    expect(mail.text).toContain(alertTexts.team("North Crew"));
    expect(mail.text).toContain(alertTexts.assignee(crew.email));

    const bare = await placedPhoto(t, owner.cookie, 37.79, -122.41);
    await addFinding(t, owner.cookie, bare.pole_id!, { code: "lean", level: 1, assignee_id: crew.id });
    const second = await mailAbout(crew.email, "lean (Level 1)");
    expect(second.text).toContain(alertTexts.notes(alertTexts.noNotes));
  });
});
