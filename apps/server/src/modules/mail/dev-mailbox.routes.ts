/**
 * /dev/mail: the outbox as a web page, so a newcomer with no mail server can click the
 * confirmation and reset links. Registered only while mail goes to the outbox (see config's
 * DEV_MAILBOX), opened only with its key (`?key=`, logged at start); every value is escaped,
 * since subjects and addresses come from users.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { devMailboxQuerySchema, htmlPageSchema } from "@poleatlas/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { escapeHtml } from "../../infra/mail/mailer";
import { listOutbox, type OutboxEntry } from "../../infra/mail/outbox-transport";

export const DEV_MAILBOX_PATH = "/dev/mail";
/**
 * Stricter than the app's: the page runs no script and loads nothing but its own inline <style>
 * and the empty `data:,` icon (which keeps the browser from asking for /favicon.ico).
 */
const MAILBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function renderEntry(m: OutboxEntry): string {
  const links = m.links
    .map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`)
    .join("");
  return `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${escapeHtml(m.date)}">${escapeHtml(m.date)}</time></p>
  <ul>${links}</ul>
  <details><summary>Message</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`;
}

export function renderMailbox(entries: OutboxEntry[]): string {
  const body = entries.length
    ? entries.map(renderEntry).join("\n")
    : "<p>No messages yet. Sign up or ask for a password reset and the mail appears here.</p>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PoleAtlas dev mailbox</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,sans-serif;background:#000;color:#eee;max-width:50rem;margin:2rem auto;padding:0 1rem}
a{color:#4fc3f7} article{border:1px solid #333;border-radius:8px;padding:0 1rem 1rem;margin:1rem 0}
.meta{color:#aaa} pre{white-space:pre-wrap}
</style></head>
<body>
<h1>Dev mailbox</h1>
<p>Mail is not sent while <code>SMTP_URL</code> is unset: each message is kept here (newest first) and in the outbox folder.</p>
${body}
</body></html>`;
}

const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
const PROXY_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "forwarded",
  "x-real-ip",
  "via",
];

/**
 * Only a browser on this machine, talking to us directly, may read the mailbox: the Host header
 * names loopback (a DNS-rebinding page carries its own name), the TCP peer is loopback, and no
 * proxy header is present (a reverse proxy on the same host connects from loopback too). nginx's
 * plain `proxy_pass` adds no such header and names our loopback address as Host, but it speaks
 * HTTP/1.0 to us, which no browser does.
 */
export function isDirectLocalRequest(req: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  if (req.raw.httpVersion === "1.0") return false;
  const peer = req.socket.remoteAddress ?? "";
  if (!(peer === "::1" || /^(::ffff:)?127\./.test(peer))) return false;
  const host = req.headers.host;
  if (!host) return false;
  try {
    return LOCAL_HOSTNAMES.has(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/**
 * The mailbox's key when none is configured: derived from the auth secret, so it stays the same
 * for a data folder (a bookmark keeps working) and is known only to whoever reads the log.
 */
export const devMailboxKeyOf = (secret: string) =>
  createHmac("sha256", secret).update("poleatlas dev mailbox").digest("base64url").slice(0, 22);

const sameKey = (given: string | undefined, key: string) => {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * No header tells a browser on this machine from a reverse proxy on it that sends none (nginx with
 * `proxy_http_version 1.1` and a bare `proxy_pass`): the key, printed only in the log, does.
 */
export function devMailboxRoutes(app: FastifyInstance, opts: { dir: string; key: string }): void {
  const schema = { querystring: devMailboxQuerySchema, response: { 200: htmlPageSchema } };
  app.withTypeProvider<ZodTypeProvider>().get(DEV_MAILBOX_PATH, { schema }, async (req, reply) => {
    if (!isDirectLocalRequest(req) || !sameKey(req.query.key, opts.key)) {
      reply.callNotFound();
      return reply;
    }
    const entries = await listOutbox(opts.dir);
    return reply
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", MAILBOX_CSP)
      .type("text/html; charset=utf-8")
      .send(renderMailbox(entries));
  });
}
