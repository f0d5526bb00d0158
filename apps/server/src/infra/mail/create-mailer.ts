/** Picks the transport from config: SMTP when SMTP_URL is set, else the outbox folder. */
import path from "node:path";
import type PgBoss from "pg-boss";
import type { Config } from "../../config";
import { createMailQueue } from "./mail-queue";
import type { Mailer, MailLog } from "./mailer";
import { createOutboxTransport, writeToFolder } from "./outbox-transport";
import { createSmtpTransport } from "./smtp-transport";

/** `boss`: retries go through pg-boss jobs; without it, one attempt and failures are kept on disk. */
export function createMailer(mail: Config["mail"], log: MailLog, opts: { boss?: PgBoss } = {}): Mailer {
  const transport = mail.smtpUrl
    ? createSmtpTransport({ url: mail.smtpUrl, from: mail.from })
    : createOutboxTransport({ dir: mail.outboxDir, from: mail.from, log });
  if (!mail.smtpUrl) {
    log.info(
      { outbox: mail.outboxDir },
      `SMTP_URL is unset: mail is written to ${mail.outboxDir} and its links are logged`,
    );
  }
  const failedDir = path.join(mail.outboxDir, "failed");
  return createMailQueue({
    transport,
    log,
    boss: opts.boss,
    retry: mail.retry,
    spool: async (message) =>
      path.join(failedDir, `${await writeToFolder(failedDir, message, mail.from)}.eml`),
  });
}
