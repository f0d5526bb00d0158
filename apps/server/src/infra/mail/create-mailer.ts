/** Picks the transport from config: SMTP when SMTP_URL is set, else the outbox folder. */
import path from "node:path";
import type { Config } from "../../config";
import { createMailQueue, DEFAULT_RETRY_DELAYS_MS } from "./mail-queue";
import type { Mailer, MailLog } from "./mailer";
import { createOutboxTransport, writeToFolder } from "./outbox-transport";
import { createSmtpTransport } from "./smtp-transport";

export function createMailer(
  mail: Config["mail"],
  log: MailLog,
  opts: { retryDelaysMs?: number[] } = {},
): Mailer {
  const transport = mail.smtpUrl
    ? createSmtpTransport({ url: mail.smtpUrl, from: mail.from })
    : createOutboxTransport({ dir: mail.outboxDir, from: mail.from, log });
  if (!mail.smtpUrl) {
    log.info(
      { outbox: mail.outboxDir },
      `SMTP_URL is unset: mail is written to ${mail.outboxDir} and its links are logged` +
        (mail.devMailbox ? "; read it at /dev/mail" : ""),
    );
  }
  const failedDir = path.join(mail.outboxDir, "failed");
  return createMailQueue({
    transport,
    log,
    retryDelaysMs: opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    spool: async (message) =>
      path.join(failedDir, `${await writeToFolder(failedDir, message, mail.from)}.eml`),
  });
}
