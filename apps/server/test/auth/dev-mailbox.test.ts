/**
 * /dev/mail: the outbox as a page with clickable links, only while the outbox is in use on loopback
 * outside production, and only to a browser on this machine talking to the server directly.
 */
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import {
  devMailboxKeyOf,
  isDirectLocalRequest,
  renderMailbox,
} from "../../src/modules/mail/dev-mailbox.routes";
import { TEST_MAILBOX_KEY, TEST_MAILBOX_URL } from "../helpers/app";
import { signUp } from "../helpers/users";
import { waitFor } from "./mail-helpers";
import { useTestApp } from "../helpers/setup";

describe("dev mailbox", () => {
  const t = useTestApp();

  it("lists outbox messages, newest first, with the confirmation link clickable", async () => {
    await signUp(t, { email: "first@example.test", password: "secret-one-1" });
    await signUp(t, { email: "second@example.test", password: "secret-one-1" });
    const page = await waitFor(async () => {
      const res = await t.app.inject({ method: "GET", url: TEST_MAILBOX_URL });
      return res.body.includes("second@example.test") && res.body.includes("first@example.test")
        ? res
        : undefined;
    }, "both mails on /dev/mail");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body.indexOf("second@example.test")).toBeLessThan(page.body.indexOf("first@example.test"));
    const href = /<a href="([^"]+)">Confirm your email address<\/a>/.exec(page.body)?.[1] ?? "";
    expect(href).toMatch(/^http:\/\/localhost:8080\/api\/auth\/verify-email\?token=[^&]+&amp;callbackURL=/);
    const link = new URL(href.replaceAll("&amp;", "&"));
    const confirmed = await t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(confirmed.statusCode).toBe(302);
  });

  it("escapes everything it shows", () => {
    const html = renderMailbox([
      {
        id: "x",
        to: '"<img src=x onerror=alert(1)>"@example.test',
        subject: "<script>alert(1)</script>",
        date: "2025-01-01T00:00:00.000Z",
        text: "</pre><b>bold</b>",
        links: [{ label: "<i>click</i>", url: 'https://a.test/?q="><script>' }],
      },
    ]);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>bold");
    expect(html).not.toContain("<i>click");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('href="https://a.test/?q=&quot;&gt;&lt;script&gt;"');
  });

  it("answers only a browser on this machine talking to it directly", async () => {
    const get = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
      t.app.inject({ method: "GET", url: TEST_MAILBOX_URL, headers, remoteAddress });
    for (const [headers, remoteAddress] of [
      [{ host: "localhost:8080" }, "127.0.0.1"],
      [{ host: "127.0.0.1:41234" }, "127.0.0.1"],
      [{ host: "127.0.0.1" }, "::ffff:127.0.0.1"],
      [{ host: "[::1]:8080" }, "::1"],
    ] as const) {
      expect((await get(headers, remoteAddress)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    for (const [headers, remoteAddress] of [
      // DNS rebinding: a page on evil.example resolved to 127.0.0.1 sends its own name.
      [{ host: "evil.example:8080" }, "127.0.0.1"],
      [{ host: "localhost.evil.example" }, "127.0.0.1"],
      // From another machine, whatever it names.
      [{ host: "localhost:8080" }, "192.0.2.10"],
      // Through a reverse proxy on this host.
      [{ host: "localhost:8080", "x-forwarded-for": "203.0.113.5" }, "127.0.0.1"],
      [{ host: "localhost:8080", forwarded: "for=203.0.113.5" }, "127.0.0.1"],
      [{ host: "localhost:8080", "x-forwarded-proto": "https" }, "127.0.0.1"],
      [{ host: "localhost:8080", via: "1.1 proxy" }, "127.0.0.1"],
    ] as const) {
      const res = await get(headers, remoteAddress);
      expect(res.statusCode, `${JSON.stringify(headers)} from ${remoteAddress}`).toBe(404);
      expect(res.body).not.toContain("Dev mailbox");
    }
  });

  it("opens only with its key, which the log names; without a key it derives one from the auth secret", async () => {
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "localhost:8080" } });
    expect((await get(TEST_MAILBOX_URL)).statusCode).toBe(200);
    for (const url of [
      "/dev/mail",
      "/dev/mail?key=",
      `/dev/mail?key=${TEST_MAILBOX_KEY}x`,
      "/dev/mail?key=guess",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain("Dev mailbox");
    }
    const a = devMailboxKeyOf("s".repeat(32));
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devMailboxKeyOf("s".repeat(32))).toBe(a);
    expect(devMailboxKeyOf("t".repeat(32))).not.toBe(a);
  });

  it("refuses HTTP/1.0, which nginx's plain proxy_pass speaks with our own loopback name as Host", () => {
    const req = (httpVersion: string) =>
      ({
        headers: { host: "127.0.0.1:8080" },
        socket: { remoteAddress: "127.0.0.1" },
        raw: { httpVersion },
      }) as unknown as FastifyRequest;
    expect(isDirectLocalRequest(req("1.1"))).toBe(true);
    expect(isDirectLocalRequest(req("1.0"))).toBe(false);
  });

  it("is off when the server listens beyond loopback or runs in production, unless DEV_MAILBOX=true", () => {
    expect(loadConfig({}).mail.devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).mail.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", HOST: "127.0.0.1" }).mail.devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", DEV_MAILBOX: "true" }).mail.devMailbox).toBe(true);
    expect(loadConfig({ HOST: "0.0.0.0" }).mail.devMailbox).toBe(false);
    expect(loadConfig({ HOST: "0.0.0.0", DEV_MAILBOX: "true" }).mail.devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: "false" }).mail.devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:25", DEV_MAILBOX: "true" }).mail.devMailbox).toBe(false);
  });
});

describe("dev mailbox switched off", () => {
  const t = useTestApp({ DEV_MAILBOX: "false" });

  it("answers 404", async () => {
    const res = await t.app.inject({ method: "GET", url: TEST_MAILBOX_URL });
    expect(res.statusCode).toBe(404);
  });
});
