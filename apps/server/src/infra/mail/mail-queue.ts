/**
 * Sends in the background with retries, so a slow or broken mail server neither slows requests
 * nor tells an attacker which addresses exist. A message that still fails after the last retry
 * (or is still waiting when the server stops) is written to DATA_DIR/mail/failed/ and logged as
 * an error: never silently dropped.
 */
import type { Mailer, MailLog, MailMessage, MailTransport } from "./mailer";

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

export interface MailQueueOptions {
  transport: MailTransport;
  log: MailLog;
  /** Delay before each retry; its length is the number of retries after the first attempt. */
  retryDelaysMs?: number[];
  /** Keeps a message that could not be delivered; returns where it went. */
  spool: (message: MailMessage) => Promise<string>;
}

export function createMailQueue(opts: MailQueueOptions): Mailer {
  const delays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const pending = new Set<Promise<void>>();
  const waiting = new Map<NodeJS.Timeout, { message: MailMessage; resolve: () => void }>();
  let closed = false;

  const giveUp = async (message: MailMessage, err: unknown, why: string) => {
    try {
      const where = await opts.spool(message);
      opts.log.error(
        { err, to: message.to, subject: message.subject, spooled: where, links: message.links },
        `mail to ${message.to} not delivered (${why}); kept in ${where}`,
      );
    } catch (spoolErr) {
      opts.log.error(
        { err, spoolErr, to: message.to, subject: message.subject, links: message.links },
        `mail to ${message.to} not delivered (${why}) and could not be kept on disk`,
      );
    }
  };

  const attempt = async (message: MailMessage, n: number): Promise<void> => {
    try {
      await opts.transport.deliver(message);
    } catch (err) {
      const delay = delays[n];
      if (delay === undefined || closed) {
        await giveUp(message, err, closed ? "server stopping" : `${n + 1} attempts failed`);
        return;
      }
      opts.log.warn(
        { err, to: message.to, attempt: n + 1, retryInMs: delay },
        `mail to ${message.to} failed, retrying in ${delay} ms`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(timer);
          resolve();
        }, delay);
        waiting.set(timer, { message, resolve });
      });
      // Closed while waiting: keep the message on disk instead of trying again.
      if (closed) return giveUp(message, err, "server stopping");
      return attempt(message, n + 1);
    }
  };

  const track = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  const idle = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };

  return {
    kind: opts.transport.kind,
    send(message) {
      if (closed) {
        track(giveUp(message, new Error("mailer closed"), "server stopping"));
        return;
      }
      track(attempt(message, 0));
    },
    idle,
    async close() {
      closed = true;
      // Wake every waiting retry at once; each then spools its message.
      for (const [timer, w] of waiting) {
        clearTimeout(timer);
        waiting.delete(timer);
        w.resolve();
      }
      await idle();
      opts.transport.close?.();
    },
  };
}
