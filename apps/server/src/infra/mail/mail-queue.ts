/**
 * Sends in the background with retries, so a slow or broken mail server neither slows requests
 * nor tells an attacker which addresses exist. Each message is a pg-boss job in PostgreSQL: a
 * message queued before a crash is still sent after the restart, by whichever process runs first.
 * A message that still fails after the last retry is written to DATA_DIR/mail/failed/ and logged
 * as an error: never silently dropped.
 */
import type PgBoss from "pg-boss";
import { ensureQueue, trackRun } from "../jobs/job-runner";
import type { Mailer, MailLog, MailMessage, MailTransport } from "./mailer";

export const MAIL_QUEUE = "mail";

export interface MailRetry {
  /** Retries after the first attempt. */
  limit: number;
  /** Seconds before the first retry; each next one waits about twice as long. */
  delaySeconds: number;
}

export const DEFAULT_MAIL_RETRY: MailRetry = { limit: 5, delaySeconds: 2 };

export interface MailQueueOptions {
  transport: MailTransport;
  log: MailLog;
  /** Without it (tools, some tests) each message gets one attempt and is kept on disk if it fails. */
  boss?: PgBoss;
  retry?: MailRetry;
  /** Keeps a message that could not be delivered; returns where it went. */
  spool: (message: MailMessage) => Promise<string>;
}

interface MailJob {
  message: MailMessage;
}

export function createMailQueue(opts: MailQueueOptions): Mailer {
  const { boss, transport, log } = opts;
  const retry = opts.retry ?? DEFAULT_MAIL_RETRY;
  const pending = new Set<Promise<void>>();

  const giveUp = async (message: MailMessage, err: unknown, why: string) => {
    try {
      const where = await opts.spool(message);
      log.error(
        { err, to: message.to, subject: message.subject, spooled: where, links: message.links },
        `mail to ${message.to} not delivered (${why}); kept in ${where}`,
      );
    } catch (spoolErr) {
      log.error(
        { err, spoolErr, to: message.to, subject: message.subject, links: message.links },
        `mail to ${message.to} not delivered (${why}) and could not be kept on disk`,
      );
    }
  };

  const deliverOnce = async (message: MailMessage) => {
    try {
      await transport.deliver(message);
    } catch (err) {
      await giveUp(message, err, "1 attempt failed");
    }
  };

  // The queue and its worker are set up in the background; sends wait for it.
  const setUp = async (boss: PgBoss): Promise<string> => {
    await ensureQueue(boss, {
      name: MAIL_QUEUE,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      // A process killed mid-delivery leaves its job active: it is tried again after this.
      expireInSeconds: 600,
    });
    return boss.work<MailJob>(
      MAIL_QUEUE,
      { includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        const { message } = job.data;
        const delivery = transport.deliver(message).catch((err: unknown) => {
          const attempt = job.retryCount + 1;
          if (job.retryCount >= job.retryLimit) return giveUp(message, err, `${attempt} attempts failed`);
          log.warn({ err, to: message.to, attempt }, `mail to ${message.to} failed, retrying later`);
          throw err;
        });
        await trackRun(boss, delivery);
      },
    );
  };
  const worker = boss
    ? setUp(boss).catch((err: unknown) => {
        log.error({ err }, "the mail queue could not be set up: each mail gets one attempt");
        return undefined;
      })
    : Promise.resolve(undefined);

  const enqueue = async (message: MailMessage) => {
    const workerId = await worker;
    if (!boss || !workerId) return deliverOnce(message);
    try {
      await boss.send(MAIL_QUEUE, { message } satisfies MailJob);
    } catch (err) {
      // The database is down: one attempt now rather than none.
      log.warn({ err, to: message.to }, `mail to ${message.to} could not be queued; sending it now`);
      return deliverOnce(message);
    }
    boss.notifyWorker(workerId); // don't wait for the next poll
  };

  const track = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  return {
    kind: transport.kind,
    send(message) {
      track(enqueue(message));
    },
    async idle() {
      await worker;
      while (pending.size > 0) await Promise.allSettled([...pending]);
      // Queued, waiting for a retry, or being delivered: every state before 'completed'.
      while (boss && (await boss.getQueueSize(MAIL_QUEUE, { before: "completed" })) > 0) {
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** After pg-boss has stopped (its worker may still be delivering until then). */
    async close() {
      await worker;
      while (pending.size > 0) await Promise.allSettled([...pending]);
      transport.close?.();
    },
  };
}
