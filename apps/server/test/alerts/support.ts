/** The alert mails as the people they go to read them: parsed from the outbox's real MIME files. */
import path from "node:path";
import type { TestApp } from "../helpers/app";
import { readOutbox, waitFor, type ReadMail } from "../auth/mail-helpers";

const outbox = (t: TestApp) => path.join(t.dataDir, "mail");

/** Every mail to `to` whose subject contains `subject`, oldest first. */
export async function mailsTo(t: TestApp, to: string, subject: string): Promise<ReadMail[]> {
  return (await readOutbox(outbox(t))).filter((m) => m.to.includes(to) && m.subject.includes(subject));
}

/** Polls the mailbox until a mail to `to` whose subject has `subject` and text has `text` is there. */
export function mailArrives(
  t: TestApp,
  to: string,
  subject: string,
  text: string,
  timeoutMs = 60_000,
): Promise<ReadMail> {
  return waitFor(
    async () => (await mailsTo(t, to, subject)).find((m) => m.text.includes(text)),
    `mail "${subject}" about ${text} to ${to}`,
    timeoutMs,
  );
}

/** Once every alert started is delivered: what is not in the mailbox then was never sent. */
export const alertsDelivered = (t: TestApp) => t.app.findingAlerts.idle();
