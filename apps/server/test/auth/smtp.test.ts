/**
 * Mail over SMTP (SMTP_URL) against a real smtp-server on 127.0.0.1: the confirmation and reset
 * mails arrive, the links in them work, and a temporary refusal is retried, not dropped.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { cookieHeader, randomClientIp, signIn, signUp, TEST_ORIGIN } from "../helpers/users";
import { startSmtpServer, waitFor, type TestSmtpServer } from "./mail-helpers";

describe("mail over SMTP", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: "PoleAtlas <accounts@poleatlas.test>" }));

  const mailTo = (to: string, subject: string) =>
    waitFor(
      () =>
        Promise.resolve(
          [...smtp.received].reverse().find((m) => m.to.includes(to) && m.subject.includes(subject)),
        ),
      `SMTP mail "${subject}" to ${to}`,
    );

  it("delivers the confirmation mail; its link confirms; sign-in, session and sign-out work", async () => {
    const email = "smtp-user@example.test";
    expect((await signUp(t, { email, password: "secret-one-1" })).statusCode).toBe(200);
    const mail = await mailTo(email, "Confirm your PoleAtlas account");
    expect(mail.from).toBe("accounts@poleatlas.test");
    const link = new URL(mail.links[0] ?? "");
    const confirmed = await t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/login?confirmed=1");

    const res = await signIn(t, { email, password: "secret-one-1" });
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers["set-cookie"]);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    expect(me.json()).toMatchObject({ user: { email } });
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    expect(after.json()).toBeNull();
    // With SMTP in use nothing is written to the outbox and there is no dev mailbox.
    expect(existsSync(path.join(t.dataDir, "mail"))).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/dev/mail" })).statusCode).toBe(404);
  });

  it("retries a mail the server refused for now, and the reset link in it works", async () => {
    const email = "smtp-reset@example.test";
    await signUp(t, { email, password: "secret-one-1" });
    await mailTo(email, "Confirm");
    smtp.failNext(1);
    const before = smtp.attempts;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: { origin: TEST_ORIGIN },
      remoteAddress: randomClientIp(),
      payload: { email },
    });
    // The answer does not wait for the mail server.
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(email, "Reset your PoleAtlas password");
    expect(smtp.attempts).toBe(before + 2);
    const token = new URL(mail.links[0] ?? "").searchParams.get("token") ?? "";
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { origin: TEST_ORIGIN },
      remoteAddress: randomClientIp(),
      payload: { token, newPassword: "from-smtp-1" },
    });
    expect(reset.statusCode).toBe(200);
  }, 20_000);
});
