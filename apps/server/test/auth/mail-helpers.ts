/** Reading mail the way a person would: real MIME parsed with postal-mime (bodies are quoted-printable). */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReadMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text part, in order. */
  links: string[];
}

export async function parseMail(raw: Buffer | string): Promise<ReadMail> {
  const m = await PostalMime.parse(raw);
  const text = m.text ?? "";
  return {
    to: (m.to ?? []).map((a) => ("address" in a ? (a.address ?? "") : "")),
    from: m.from && "address" in m.from ? (m.from.address ?? "") : "",
    subject: m.subject ?? "",
    text,
    html: m.html ?? "",
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

/** The .eml files of an outbox folder, parsed, oldest first. */
export async function readOutbox(dir: string): Promise<ReadMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
  return Promise.all(names.map(async (n) => parseMail(await readFile(path.join(dir, n)))));
}

export async function waitFor<T>(
  find: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for the newest outbox mail to `to` whose subject contains `subject`. */
export function waitForOutboxMail(dir: string, to: string, subject: string): Promise<ReadMail> {
  return waitFor(
    async () =>
      (await readOutbox(dir)).reverse().find((m) => m.to.includes(to) && m.subject.includes(subject)),
    `mail "${subject}" to ${to} in ${dir}`,
  );
}

export interface TestSmtpServer {
  url: string;
  received: ReadMail[];
  /** Answer the next `n` messages with a temporary failure (451). */
  failNext(n: number): void;
  attempts: number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  let failures = 0;
  const state: TestSmtpServer = {
    url: "",
    received: [],
    attempts: 0,
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        state.attempts += 1;
        if (failures > 0) {
          failures -= 1;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        parseMail(Buffer.concat(chunks)).then(
          (mail) => {
            state.received.push(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}
