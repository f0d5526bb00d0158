/**
 * The no-mail-server transport: each message becomes an .eml file (the real MIME message) plus a
 * small .json summary beside it that the dev mailbox lists. Links are printed to the log so a
 * newcomer can finish sign-up and reset from the terminal.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { renderHtml, type MailLog, type MailMessage, type MailTransport } from "./mailer";

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  links: MailMessage["links"];
}

/** Builds the RFC 5322 bytes exactly as SMTP would send them. */
export async function composeEml(message: MailMessage, from: string): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await composer.sendMail({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: renderHtml(message),
  });
  return info.message as Buffer;
}

async function writeAtomically(file: string, data: string | Buffer): Promise<void> {
  const tmp = `${file}.tmp-${randomBytes(4).toString("hex")}`;
  await writeFile(tmp, data, { mode: 0o600 });
  await rename(tmp, file);
}

/** Writes `<id>.eml` and `<id>.json`; ids sort by time so the newest lists first. */
export async function writeToFolder(dir: string, message: MailMessage, from: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const now = new Date();
  const id = `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
  const eml = await composeEml(message, from);
  await writeAtomically(path.join(dir, `${id}.eml`), eml);
  const entry: OutboxEntry = { id, date: now.toISOString(), ...message };
  await writeAtomically(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
  return id;
}

export function createOutboxTransport(opts: { dir: string; from: string; log: MailLog }): MailTransport {
  return {
    kind: "outbox",
    async deliver(message) {
      const id = await writeToFolder(opts.dir, message, opts.from);
      opts.log.info(
        {
          to: message.to,
          subject: message.subject,
          file: path.join(opts.dir, `${id}.eml`),
          links: message.links,
        },
        `mail to ${message.to} written to the outbox: ${message.links.map((l) => `${l.label}: ${l.url}`).join(" | ")}`,
      );
    },
  };
}

const ID_PATTERN = /^[0-9TZ-]+-[0-9a-f]{8}$/;

/** The newest `limit` messages of an outbox folder, newest first; unreadable files are skipped. */
export async function listOutbox(dir: string, limit = 200): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith(".json"))
    .map((n) => n.slice(0, -5))
    .filter((id) => ID_PATTERN.test(id))
    .sort()
    .reverse()
    .slice(0, limit);
  const entries = await Promise.all(
    ids.map(async (id) => {
      try {
        return JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as OutboxEntry;
      } catch {
        return null;
      }
    }),
  );
  return entries.filter((e): e is OutboxEntry => e !== null);
}
