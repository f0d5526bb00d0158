/**
 * Password reset over HTTP: the mailed link, the token-status endpoint the reset page asks first,
 * one-time use, expiry, unknown and malformed tokens, and every old session dying on reset.
 */
import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { RESET_TOKEN_STATUS_PATH } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { verification } from "../../src/infra/db/schema";
import { type TestApp } from "../helpers/app";
import { useTestApp } from "../helpers/setup";
import { createSignedInUser, randomClientIp, signIn, TEST_ORIGIN } from "../helpers/users";
import { readOutbox, waitForOutboxMail } from "./mail-helpers";

const TTL = 120;

const post = (t: TestApp, url: string, payload: object) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { origin: TEST_ORIGIN },
    remoteAddress: randomClientIp(),
    payload,
  });

const requestReset = (t: TestApp, email: string) => post(t, "/api/auth/request-password-reset", { email });
const resetPassword = (t: TestApp, token: string, newPassword: string) =>
  post(t, "/api/auth/reset-password", { token, newPassword });

async function tokenStatus(t: TestApp, token?: string) {
  const url =
    token === undefined
      ? RESET_TOKEN_STATUS_PATH
      : `${RESET_TOKEN_STATUS_PATH}?token=${encodeURIComponent(token)}`;
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json<{ status: string }>().status;
}

const sessionOf = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } })).json<unknown>();

describe("password reset", () => {
  const t = useTestApp({ RESET_TOKEN_TTL_SECONDS: String(TTL) });
  let outbox: string;
  beforeAll(() => {
    outbox = path.join(t.dataDir, "mail");
  });

  /** Requests a reset for `email` and returns the token from the mailed link. */
  async function mailedToken(email: string): Promise<{ token: string; link: string; text: string }> {
    const before = (await readOutbox(outbox)).filter((m) => m.subject.includes("Reset")).length;
    const res = await requestReset(t, email);
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => (await readOutbox(outbox)).filter((m) => m.subject.includes("Reset")).length)
      .toBe(before + 1);
    const mail = await waitForOutboxMail(outbox, email, "Reset your PoleAtlas password");
    const link = mail.links[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    return { token, link, text: mail.text };
  }

  it("mails a link to <PUBLIC_URL>/reset-password?token=… that works exactly once", async () => {
    const u = await createSignedInUser(t);
    const { token, link, text } = await mailedToken(u.email);
    expect(link).toMatch(/^http:\/\/localhost:8080\/reset-password\?token=[A-Za-z0-9]+$/);
    expect(text).toContain("expires in 2 minutes");
    expect(await tokenStatus(t, token)).toBe("valid");

    const first = await resetPassword(t, token, "brand-new-1");
    expect(first.statusCode).toBe(200);
    expect(await tokenStatus(t, token)).toBe("invalid");
    const second = await resetPassword(t, token, "brand-new-2");
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: "INVALID_TOKEN" });

    expect((await signIn(t, { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await signIn(t, { email: u.email, password: "brand-new-2" })).statusCode).toBe(401);
    expect((await signIn(t, { email: u.email, password: "brand-new-1" })).statusCode).toBe(200);
  });

  it("a newer link kills the older ones, and after the password changes no older link works", async () => {
    const u = await createSignedInUser(t);
    const first = await mailedToken(u.email);
    const second = await mailedToken(u.email);
    expect(first.token).not.toBe(second.token);
    expect(await tokenStatus(t, first.token)).toBe("invalid");
    expect(await tokenStatus(t, second.token)).toBe("valid");

    expect((await resetPassword(t, second.token, "from-second-1")).statusCode).toBe(200);
    const late = await resetPassword(t, first.token, "from-first-1");
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await signIn(t, { email: u.email, password: "from-first-1" })).statusCode).toBe(401);
    expect((await signIn(t, { email: u.email, password: "from-second-1" })).statusCode).toBe(200);
    // Nothing of the user's reset links is left behind.
    const rows = await t.db.database.db.select().from(verification);
    expect(rows.filter((r) => r.value === u.id)).toEqual([]);
  });

  it("a password change also kills a link issued alongside (e.g. by another process at the same moment)", async () => {
    const u = await createSignedInUser(t);
    const { token } = await mailedToken(u.email);
    // A second live link the issue-time clean-up never saw: a row written straight into the table,
    // stored the way the server stores reset identifiers (prefix, then SHA-256 of the whole).
    const raced = "RacedTokenRacedTokenRace";
    const identifier = `reset-password:${createHash("sha256").update(`reset-password:${raced}`).digest("base64url")}`;
    await t.db.database.pool.query(
      `INSERT INTO verification (id, identifier, value, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, now() + interval '1 hour', now(), now())`,
      [randomUUID(), identifier, u.id],
    );
    expect(await tokenStatus(t, raced)).toBe("valid");
    expect((await resetPassword(t, token, "changed-once")).statusCode).toBe(200);
    expect(await tokenStatus(t, raced)).toBe("invalid");
    expect((await resetPassword(t, raced, "changed-twice")).statusCode).toBe(400);
    expect((await signIn(t, { email: u.email, password: "changed-once" })).statusCode).toBe(200);
  });

  it("kills every session the user had when the password changes", async () => {
    const u = await createSignedInUser(t);
    const other = await signIn(t, { email: u.email, password: u.password });
    const otherCookie = [other.headers["set-cookie"] ?? []]
      .flat()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await sessionOf(t, u.cookie)).toMatchObject({ user: { id: u.id } });
    expect(await sessionOf(t, otherCookie)).toMatchObject({ user: { id: u.id } });
    const bystander = await createSignedInUser(t);

    const { token } = await mailedToken(u.email);
    expect((await resetPassword(t, token, "after-reset")).statusCode).toBe(200);

    expect(await sessionOf(t, u.cookie)).toBeNull();
    expect(await sessionOf(t, otherCookie)).toBeNull();
    // Someone else's session is untouched.
    expect(await sessionOf(t, bystander.cookie)).toMatchObject({ user: { id: bystander.id } });
  });

  it("reports an expired link as expired and refuses it", async () => {
    const u = await createSignedInUser(t);
    const startedAt = Date.now();
    const { token } = await mailedToken(u.email);
    const rows = await t.db.database.db.select().from(verification);
    const row = rows.find((r) => r.value === u.id);
    // RESET_TOKEN_TTL_SECONDS decides the lifetime; identifiers are stored hashed, never as the token.
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(startedAt + TTL * 1000 - 1000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + TTL * 1000 + 1000);
    expect(row?.identifier).not.toContain(token);

    await t.db.database.pool.query(
      `UPDATE verification SET expires_at = now() - interval '1 minute' WHERE value = $1`,
      [u.id],
    );
    expect(await tokenStatus(t, token)).toBe("expired");
    const res = await resetPassword(t, token, "too-late-1");
    expect(res.statusCode).toBe(400);
    expect((await signIn(t, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it("tells unknown, malformed and missing tokens apart", async () => {
    expect(await tokenStatus(t, "AbCdEfGhIjKlMnOpQrStUvWx")).toBe("invalid");
    expect(await tokenStatus(t, "abc")).toBe("malformed");
    expect(await tokenStatus(t, "../../etc/passwd")).toBe("malformed");
    expect(await tokenStatus(t, "x".repeat(500))).toBe("malformed");
    expect(await tokenStatus(t, "")).toBe("malformed");
    expect(await tokenStatus(t)).toBe("malformed");
    // A repeated parameter arrives as an array: the route's schema answers 400 naming the field.
    const twice = await t.app.inject({
      method: "GET",
      url: `${RESET_TOKEN_STATUS_PATH}?token=AbCdEfGhIjKlMnOpQrStUvWx&token=b`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: "invalid_request", field: "querystring.token" });
    expect((await resetPassword(t, "AbCdEfGhIjKlMnOpQrStUvWx", "whatever1")).statusCode).toBe(400);
  });

  it("answers a reset request for an unknown address exactly like a known one, and mails nobody", async () => {
    const u = await createSignedInUser(t);
    const known = await requestReset(t, u.email);
    const unknown = await requestReset(t, "nobody-here@example.test");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await waitForOutboxMail(outbox, u.email, "Reset");
    await new Promise((r) => setTimeout(r, 300));
    expect((await readOutbox(outbox)).some((m) => m.to.includes("nobody-here@example.test"))).toBe(false);
  });

  it("refuses a new password under 6 characters and keeps the link usable", async () => {
    const u = await createSignedInUser(t);
    const { token } = await mailedToken(u.email);
    const res = await resetPassword(t, token, "12345");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    expect(await tokenStatus(t, token)).toBe("valid");
  });
});
