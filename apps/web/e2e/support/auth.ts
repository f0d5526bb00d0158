/**
 * Accounts for end-to-end tests. `startSignedIn(page)` gives a spec a fresh confirmed user whose
 * session cookie is already in the browser context, at /map, in one call:
 *
 *   const user = await startSignedIn(page);
 *
 * Everything goes through the real API: sign-up, the confirmation link read from the outbox
 * files the server writes to E2E_DATA_DIR/mail (no SMTP in e2e), sign-in. Each helper call comes
 * from its own 127.x.y.z address (Linux routes all of 127/8 to loopback), so the server's
 * per-address sign-in limit never trips over helper traffic; the browser itself stays 127.0.0.1.
 */
import { randomInt, randomUUID } from "node:crypto";
import http from "node:http";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";

export interface E2EUser {
  id: string;
  email: string;
  password: string;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  links: { label: string; url: string }[];
}

export function e2eBaseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: the e2e global setup did not run");
  return url;
}

function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: the e2e global setup did not run");
  return path.join(dir, "mail");
}

interface ApiResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** The dev mailbox opens only with its key (set for the e2e server in global-setup.ts). */
export const E2E_MAILBOX_KEY = "e2e-mailbox-key-0123456789";
export const E2E_MAILBOX_URL = `/dev/mail?key=${E2E_MAILBOX_KEY}`;

const randomLoopback = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function send(method: string, urlPath: string, body: unknown, localAddress?: string): Promise<ApiResponse> {
  const url = new URL(urlPath, e2eBaseUrl());
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress,
        headers: {
          origin: url.origin,
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** One API call as a distinct client; waits out a 429 once rather than failing a test on it. */
export async function api(method: string, urlPath: string, body?: unknown): Promise<ApiResponse> {
  const call = async () => {
    try {
      return await send(method, urlPath, body, randomLoopback());
    } catch (err) {
      // Systems that only configure 127.0.0.1 cannot bind other loopback addresses.
      if ((err as NodeJS.ErrnoException).code !== "EADDRNOTAVAIL") throw err;
      return send(method, urlPath, body);
    }
  };
  const res = await call();
  if (res.status !== 429) return res;
  const wait = Math.min(Number(res.headers["retry-after"]) || 10, 60);
  await new Promise((r) => setTimeout(r, wait * 1000));
  return call();
}

/** The newest outbox mail to `to` whose subject contains `subject`, waiting for it to be written. */
export async function waitForMail(to: string, subject: string, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(outboxDir()).catch(() => [] as string[]))
      .filter((n) => n.endsWith(".json"))
      .sort()
      .reverse();
    for (const name of names) {
      const mail = JSON.parse(await readFile(path.join(outboxDir(), name), "utf8")) as OutboxMail;
      if (mail.to === to.toLowerCase() && mail.subject.includes(subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A user who signed up and clicked the confirmation link; not signed in anywhere yet. */
export async function createConfirmedUser(
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<E2EUser> {
  const email = overrides.email ?? `e2e-${randomUUID()}@example.test`;
  const password = overrides.password ?? `pw-${randomUUID().slice(0, 12)}`;
  const name = overrides.name ?? "";
  const up = await api("POST", "/api/auth/sign-up/email", { name, email, password });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${up.text}`);
  const { user } = JSON.parse(up.text) as { user: { id: string } };
  const mail = await waitForMail(email, "Confirm");
  const link = mail.links[0]?.url;
  if (!link) throw new Error(`Confirmation mail to ${email} has no link`);
  const confirmed = await api("GET", link);
  if (confirmed.status !== 302 || String(confirmed.headers.location).includes("error=")) {
    throw new Error(`confirmation failed: ${confirmed.status} ${String(confirmed.headers.location)}`);
  }
  return { id: user.id, email, password };
}

/** Signs `user` in through the API and puts the session cookie into the browser context. */
export async function signInContext(context: BrowserContext, user: E2EUser): Promise<void> {
  const res = await api("POST", "/api/auth/sign-in/email", { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const setCookie = res.headers["set-cookie"] ?? [];
  const cookies = setCookie.map((c) => {
    const [pair = ""] = c.split(";");
    const eq = pair.indexOf("=");
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      url: e2eBaseUrl(),
      httpOnly: true,
      sameSite: "Lax" as const,
    };
  });
  if (!cookies.some((c) => c.name.includes("session_token")))
    throw new Error("sign-in set no session cookie");
  await context.addCookies(cookies);
}

/** A fresh confirmed user, signed in, with the page at /map (or `at`). */
export async function startSignedIn(
  page: Page,
  opts: { email?: string; password?: string; at?: string } = {},
): Promise<E2EUser> {
  const user = await createConfirmedUser(opts);
  await signInContext(page.context(), user);
  await page.goto(opts.at ?? "/map");
  return user;
}

/** Asks for a reset through the API (as a distinct client) and returns the mailed link's token. */
export async function mailedResetToken(email: string): Promise<{ link: string; token: string }> {
  const startedAt = new Date().toISOString();
  const res = await api("POST", "/api/auth/request-password-reset", { email });
  if (res.status !== 200) throw new Error(`reset request failed: ${res.status} ${res.text}`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = await waitForMail(email, "Reset your PoleAtlas password");
    if (mail.date >= startedAt) {
      const link = mail.links[0]?.url ?? "";
      return { link, token: new URL(link).searchParams.get("token") ?? "" };
    }
    if (Date.now() > deadline) throw new Error(`No new reset mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
