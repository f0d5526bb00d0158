/**
 * The three alert mails. Names and codes come from users: they are in the body only, never in
 * the subject. Every link is built from PUBLIC_URL, never from a request.
 */
import {
  alertTexts,
  DIGEST_DAYS_AHEAD,
  NOTIFICATIONS_PATH,
  poleRecordTexts,
  type AlertKind,
} from "@poleatlas/shared";
import type { MailLink, MailMessage } from "../../infra/mail/mailer";
import type { MailFinding } from "./alerts.repository";

/** A mail lists at most this many findings; the rest are in the work list it links to. */
export const MAX_LISTED_FINDINGS = 50;

/** A pole as the app names it: its tag, else (made from photos, never tagged) where it stands. */
export const poleName = (f: MailFinding) => f.pole_tag || poleRecordTexts.poleAt(f.latitude, f.longitude);

/** The pole's record on the map, as the work list's links open it. */
export const poleUrl = (publicUrl: string, poleId: string) =>
  `${publicUrl}/map?pole=${encodeURIComponent(poleId)}`;

function listing(publicUrl: string, findings: MailFinding[], today: string) {
  const shown = findings.slice(0, MAX_LISTED_FINDINGS);
  const lines = shown.map((f) =>
    alertTexts.findingLine(poleName(f), f.code, f.level, f.due_on, f.due_on < today),
  );
  const links: MailLink[] = shown.map((f) => ({
    label: alertTexts.openPole(poleName(f)),
    url: poleUrl(publicUrl, f.pole_id),
  }));
  const rest = findings.length - shown.length;
  const work = `${publicUrl}/work?assignee=me`;
  if (rest > 0) {
    lines.push(`… and ${rest} more`);
    links.push({ label: alertTexts.myWork, url: work });
  }
  return { lines, links };
}

function compose(
  publicUrl: string,
  kind: AlertKind,
  m: { to: string; subject: string; intro: string; body: string[]; links: MailLink[] },
): MailMessage {
  const settings = `${publicUrl}${NOTIFICATIONS_PATH}`;
  const pole = m.links.map((l) => `${l.label}: ${l.url}`).join("\n");
  return {
    to: m.to,
    subject: m.subject,
    text: [m.intro, m.body.join("\n"), pole, alertTexts.turnOff(alertTexts.kinds[kind], settings)].join(
      "\n\n",
    ),
    links: [...m.links, { label: alertTexts.pageTitle, url: settings }],
  };
}

export function level1Mail(publicUrl: string, to: string, by: string, f: MailFinding, today: string) {
  const { lines, links } = listing(publicUrl, [f], today);
  return compose(publicUrl, "level1", {
    to,
    subject: alertTexts.level1Subject,
    intro: alertTexts.level1Intro(by),
    // The crew reads what was seen and whose network it is before opening the app.
    body: [
      ...lines,
      alertTexts.notes(f.notes?.trim() || alertTexts.noNotes),
      f.team_name === null ? alertTexts.personalWorkspace : alertTexts.team(f.team_name),
      alertTexts.assignee(f.assignee_email ?? alertTexts.nobody),
    ],
    links,
  });
}

export function assignmentMail(
  publicUrl: string,
  to: string,
  by: string,
  findings: MailFinding[],
  today: string,
) {
  const { lines, links } = listing(publicUrl, findings, today);
  return compose(publicUrl, "assignment", {
    to,
    subject: alertTexts.assignmentSubject(findings.length),
    intro: alertTexts.assignmentIntro(by, findings.length),
    body: lines,
    links,
  });
}

export function digestMail(publicUrl: string, to: string, findings: MailFinding[], today: string) {
  const { lines, links } = listing(publicUrl, findings, today);
  return compose(publicUrl, "digest", {
    to,
    subject: alertTexts.digestSubject(findings.length),
    intro: alertTexts.digestIntro(DIGEST_DAYS_AHEAD),
    body: lines,
    links,
  });
}
