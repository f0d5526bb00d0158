/** Mail as the rest of the server sees it: a message to send, and the ways to send it. */

export interface MailLink {
  label: string;
  url: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; the links appear in it too. */
  text: string;
  /** The actions the message is about (confirm, reset), for the HTML part, the log and the dev mailbox. */
  links: MailLink[];
}

/** One way of delivering a message: the outbox folder or SMTP. Throws when it could not deliver. */
export interface MailTransport {
  readonly kind: "outbox" | "smtp";
  deliver(message: MailMessage): Promise<void>;
  close?(): void;
}

/** What modules use: `send` queues and returns at once; delivery is retried in the background. */
export interface Mailer {
  readonly kind: MailTransport["kind"];
  send(message: MailMessage): void;
  /** Resolves when nothing is being delivered or waiting for a retry (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** A small HTML part: the text as paragraphs and each link as a button-like anchor. */
export function renderHtml(message: MailMessage): string {
  const paragraphs = message.text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const links = message.links
    .map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`)
    .join("\n");
  return `<!doctype html><html><body style="font-family:sans-serif">\n${paragraphs}\n${links}\n</body></html>`;
}
