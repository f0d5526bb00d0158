/**
 * The account journey over HTTP with the outbox (no SMTP_URL): sign-up → confirmation mail →
 * confirm → sign-in → session → sign-out, and the refusals along the way.
 */
import path from "node:path";
import { authTexts, messages } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../helpers/app";
import { useTestApp } from "../helpers/setup";
import { cookieHeader, randomClientIp, signIn, signUp, TEST_ORIGIN } from "../helpers/users";
import { readOutbox, waitForOutboxMail } from "./mail-helpers";

const getSession = (t: TestApp, cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });

/** Follows a link from a mail into the app (path and query only: the app is not listening). */
const openLink = (t: TestApp, link: string) => {
  const u = new URL(link);
  return t.app.inject({ method: "GET", url: `${u.pathname}${u.search}` });
};

describe("sign-up with the outbox", () => {
  const t = useTestApp();
  let outbox: string;
  beforeAll(() => {
    outbox = path.join(t.dataDir, "mail");
  });

  it("signs up, confirms from the mail, signs in, reads the session and signs out", async () => {
    const email = "Journey@Example.test";
    const password = "secret-one-1";
    const up = await signUp(t, { email, password });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ user: { email: "journey@example.test", emailVerified: false } });
    // No session before the address is confirmed.
    expect(up.headers["set-cookie"] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/session_token=[^;]/)]),
    );

    const mail = await waitForOutboxMail(outbox, "journey@example.test", "Confirm your PoleAtlas account");
    expect(mail.from).toBe("no-reply@poleatlas.localhost");
    const link = mail.links[0] ?? "";
    expect(link).toMatch(/^http:\/\/localhost:8080\/api\/auth\/verify-email\?token=/);
    expect(mail.html).toContain("Confirm your email address");

    const confirmed = await openLink(t, link);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/login?confirmed=1");

    const res = await signIn(t, { email, password });
    expect(res.statusCode).toBe(200);
    const setCookies = [res.headers["set-cookie"] ?? []].flat();
    const session = setCookies.find((c) => c.startsWith("poleatlas.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // PUBLIC_URL is http here
    const cookie = cookieHeader(setCookies);

    const me = await getSession(t, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: "journey@example.test", emailVerified: true } });

    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "",
    });
    expect(out.statusCode).toBe(200);
    // The old cookie is dead on the server, not just cleared in the browser.
    expect((await getSession(t, cookie)).json()).toBeNull();
  });

  it("refuses a wrong password with 'Invalid email or password'", async () => {
    await signUp(t, { email: "wrong@example.test", password: "right-password" });
    const res = await signIn(t, { email: "wrong@example.test", password: "wrong-password" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: messages.invalidCredentials,
    });
    const unknown = await signIn(t, { email: "nobody@example.test", password: "whatever" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(res.json());
  });

  it("refuses sign-in before confirmation with a clear message and sends a fresh link", async () => {
    await signUp(t, { email: "later@example.test", password: "secret-one-1" });
    await waitForOutboxMail(outbox, "later@example.test", "Confirm");
    const before = (await readOutbox(outbox)).filter((m) => m.to.includes("later@example.test")).length;
    const res = await signIn(t, { email: "later@example.test", password: "secret-one-1" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "EMAIL_NOT_VERIFIED", message: authTexts.emailNotConfirmed });
    expect(res.headers["set-cookie"]).toBeUndefined();
    await expect
      .poll(async () => (await readOutbox(outbox)).filter((m) => m.to.includes("later@example.test")).length)
      .toBe(before + 1);
  });

  it("answers a sign-up for a taken address like a new one, and sends no confirmation", async () => {
    const first = await signUp(t, { email: "taken@example.test", password: "secret-one-1" });
    await waitForOutboxMail(outbox, "taken@example.test", "Confirm");
    const again = await signUp(t, { email: "taken@example.test", password: "other-pass" });
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.json<{ user: object }>().user).sort()).toEqual(
      Object.keys(first.json<{ user: object }>().user).sort(),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await readOutbox(outbox)).filter((m) => m.to.includes("taken@example.test"))).toHaveLength(1);
  });

  it("refuses a password under 8 characters, or one of the most common, with the screens' texts", async () => {
    const short = await signUp(t, { email: "short@example.test", password: "pole-12" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: messages.passwordTooShort });
    for (const password of ["12345678", "password1", "PassWord1", "qwertyuiop"]) {
      const common = await signUp(t, { email: "common@example.test", password });
      expect(common.statusCode, password).toBe(400);
      expect(common.json()).toMatchObject({
        code: "PASSWORD_TOO_COMMON",
        message: messages.passwordTooCommon,
      });
    }
    // Sent as a form, as better-auth also reads it: the same rule.
    const form = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: randomClientIp(),
      payload: "name=&email=form%40example.test&password=12345678",
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    expect((await signUp(t, { email: "eight@example.test", password: "pole-123" })).statusCode).toBe(200);
  });

  it("holds a new password chosen by a reset link to the same rule", async () => {
    for (const [newPassword, code] of [
      ["pole-12", "PASSWORD_TOO_SHORT"],
      ["iloveyou1", "PASSWORD_TOO_COMMON"],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        headers: { origin: TEST_ORIGIN },
        remoteAddress: randomClientIp(),
        payload: { token: "AbCdEfGhIjKlMnOpQrStUvWx", newPassword },
      });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json()).toMatchObject({ code });
    }
  });

  it("redirects a broken confirmation link to /login with an error", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/auth/verify-email?token=not-a-jwt&callbackURL=${encodeURIComponent("/login?confirmed=1")}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?confirmed=1&error=/);
  });

  it("refuses a cookie-carrying POST from an untrusted origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "https://evil.example", cookie: "poleatlas.session_token=x" },
      payload: { email: "journey@example.test", password: "secret-one-1" },
    });
    expect(res.statusCode).toBe(403);
  });
});
