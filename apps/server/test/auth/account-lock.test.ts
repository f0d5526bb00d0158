/**
 * Per-account protection beside the per-address limit: after AUTH_ACCOUNT_LOCK_MAX failed sign-ins
 * for one account, from any addresses, that account's sign-in answers 429 for a while. Counted in
 * PostgreSQL, identical for addresses that have no account, and over once the lock has passed.
 */
import { authTexts } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { createAccountLockRepository } from "../../src/modules/auth/account-lock.repository";
import { createSignedInUser, randomClientIp, signIn, TEST_ORIGIN } from "../helpers/users";
import { useTestApp } from "../helpers/setup";

const MAX = 3;
const LOCK_SECONDS = 600;
const env = {
  TRUST_PROXY: "127.0.0.1",
  AUTH_ACCOUNT_LOCK_MAX: String(MAX),
  AUTH_ACCOUNT_LOCK_WINDOW_SECONDS: "900",
  AUTH_ACCOUNT_LOCK_SECONDS: String(LOCK_SECONDS),
};

const t = useTestApp(env);

/** A sign-in through the trusted proxy from a fresh client address each time. */
const fromAnywhere = (email: string, password: string) =>
  signIn(
    t,
    { email, password },
    { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": randomClientIp() } },
  );

function expectLocked(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(LOCK_SECONDS - 30);
  expect(retryAfter).toBeLessThanOrEqual(LOCK_SECONDS);
  expect(res.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: authTexts.tooManyAttempts(retryAfter) });
}

/** Moves the account's lock (and its failures) into the past, as time passing would. */
const age = (seconds: number) =>
  t.db.database.pool.query(
    `UPDATE rate_limit SET last_request = last_request - $1::bigint WHERE key LIKE 'sign-in-account|%'`,
    [seconds * 1000],
  );

describe("account lock after repeated failed sign-ins", () => {
  it("locks an account attacked from many addresses, even for the right password, and no other", async () => {
    const victim = await createSignedInUser(t);
    const bystander = await createSignedInUser(t);
    for (let i = 0; i < MAX; i++)
      expect((await fromAnywhere(victim.email, `guess-${i}`)).statusCode).toBe(401);
    expectLocked(await fromAnywhere(victim.email, "guess-x"));
    expectLocked(await fromAnywhere(victim.email, victim.password));
    // The address is part of nothing here: the same lock, however the e-mail is spelled.
    expectLocked(await fromAnywhere(victim.email.toUpperCase(), victim.password));
    expect((await fromAnywhere(bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it("counts a body better-auth reads however it is spelled (a leading BOM, a charset)", async () => {
    const u = await createSignedInUser(t);
    for (let i = 0; i < MAX; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: {
          origin: TEST_ORIGIN,
          "content-type": "application/json; charset=utf-8",
          "x-forwarded-for": randomClientIp(),
        },
        remoteAddress: "127.0.0.1",
        payload: Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(JSON.stringify({ email: u.email, password: `bom-${i}` })),
        ]),
      });
      expect(res.statusCode).toBe(401);
    }
    expectLocked(await fromAnywhere(u.email, u.password));
  });

  it("refuses a sign-in body the lock cannot count (a form post, no address) before better-auth tries it", async () => {
    const u = await createSignedInUser(t);
    const post = (contentType: string, payload: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_ORIGIN, "content-type": contentType, "x-forwarded-for": randomClientIp() },
        remoteAddress: "127.0.0.1",
        payload,
      });
    const form = new URLSearchParams({ email: u.email, password: u.password }).toString();
    for (const type of [
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/plain",
    ]) {
      const res = await post(type, form);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: authTexts.signInNeedsJson });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    for (const payload of [
      "",
      "{",
      JSON.stringify({ password: u.password }),
      JSON.stringify({ email: [u.email] }),
    ]) {
      const res = await post("application/json", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "INVALID_EMAIL", message: authTexts.signInNeedsEmail });
    }
    // None of those was a guess: the account still has all its tries.
    for (let i = 0; i < MAX - 1; i++) expect((await fromAnywhere(u.email, `g-${i}`)).statusCode).toBe(401);
    expect((await fromAnywhere(u.email, u.password)).statusCode).toBe(200);
  });

  it("gives parallel guesses no more tries than guesses made one after another", async () => {
    const u = await createSignedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: MAX * 4 }, (_, i) => fromAnywhere(u.email, `parallel-${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX);
    expect(codes.filter((c) => c === 429)).toHaveLength(MAX * 3);
    expectLocked(await fromAnywhere(u.email, u.password));
  });

  it("gives back attempts that tested no password (a refused origin), within their own window only", async () => {
    const u = await createSignedInUser(t);
    for (let i = 0; i < MAX + 2; i++) {
      const res = await signIn(
        t,
        { email: u.email, password: `x-${i}` },
        {
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": randomClientIp(), origin: "https://evil.example" },
        },
      );
      expect(res.statusCode).toBe(403);
    }
    expect((await fromAnywhere(u.email, u.password)).statusCode).toBe(200);

    // An attempt counted in a window that has since ended takes nothing from the new window.
    const repo = createAccountLockRepository(t.db.database.db);
    const settings = { max: MAX, windowSeconds: 900, lockSeconds: LOCK_SECONDS };
    const key = `late-${u.id}@example.test`;
    const old = await repo.reserve(key, { ...settings, nowMs: Date.now() - 901_000 });
    const current = await repo.reserve(key, { ...settings, nowMs: Date.now() });
    expect(current.since).toBeGreaterThan(old.since);
    await repo.release(key, old.since);
    const count = async () =>
      (
        await t.db.database.pool.query<{ count: number }>(
          `SELECT count FROM rate_limit WHERE key LIKE 'sign-in-account|%' AND last_request = $1`,
          [current.since],
        )
      ).rows[0]?.count;
    expect(await count()).toBe(1);
    await repo.release(key, current.since);
    expect(await count()).toBe(0);
  });

  it("answers an address without an account exactly like one with an account", async () => {
    const known = await createSignedInUser(t);
    const unknown = `nobody-${known.id}@example.test`;
    for (let i = 0; i < MAX; i++) {
      const a = await fromAnywhere(known.email, `wrong-${i}`);
      const b = await fromAnywhere(unknown, `wrong-${i}`);
      expect([b.statusCode, b.body]).toEqual([a.statusCode, a.body]);
    }
    const a = await fromAnywhere(known.email, "wrong-x");
    const b = await fromAnywhere(unknown, "wrong-x");
    expectLocked(a);
    expectLocked(b);
    // The same answer, but for the wait, which may round a second apart (as it would for a second
    // account with an owner): b was locked a moment after a and answered a moment after it, and
    // on a busy machine either moment can be the longer one.
    const wait = (body: { message: string }) => Number(/(\d+) seconds/.exec(body.message)?.[1]);
    const [waitA, waitB] = [wait(a.json()), wait(b.json())];
    expect(Math.abs(waitA - waitB)).toBeLessThanOrEqual(1);
    const without = (body: { message: string }) => ({
      ...body,
      message: body.message.replace(/\d+ seconds/, "N seconds"),
    });
    expect(without(b.json())).toEqual(without(a.json()));
  });

  it("lets the right password in once the lock has passed, and counts afresh after", async () => {
    const u = await createSignedInUser(t);
    for (let i = 0; i < MAX; i++) await fromAnywhere(u.email, `guess-${i}`);
    expectLocked(await fromAnywhere(u.email, u.password));
    await age(LOCK_SECONDS - 60);
    expect((await fromAnywhere(u.email, u.password)).statusCode).toBe(429);
    await age(61);
    expect((await fromAnywhere(u.email, u.password)).statusCode).toBe(200);
    // The success wiped the count: MAX - 1 new failures do not lock again.
    for (let i = 0; i < MAX - 1; i++)
      expect((await fromAnywhere(u.email, `again-${i}`)).statusCode).toBe(401);
    expect((await fromAnywhere(u.email, u.password)).statusCode).toBe(200);
  });

  it("forgets failures older than the window", async () => {
    const u = await createSignedInUser(t);
    for (let i = 0; i < MAX - 1; i++) await fromAnywhere(u.email, `old-${i}`);
    await age(901);
    expect((await fromAnywhere(u.email, "new-1")).statusCode).toBe(401);
    expect((await fromAnywhere(u.email, u.password)).statusCode).toBe(200);
  });

  it("counts failures from every server process on the database together", async () => {
    const u = await createSignedInUser(t);
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: t.dataDir, ...env });
    const second = await buildApp({ config, database: t.db.database });
    try {
      await second.ready();
      const viaSecond = (password: string) =>
        second.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { origin: TEST_ORIGIN, "x-forwarded-for": randomClientIp() },
          remoteAddress: "127.0.0.1",
          payload: { email: u.email, password },
        });
      expect((await fromAnywhere(u.email, "p-1")).statusCode).toBe(401);
      expect((await viaSecond("p-2")).statusCode).toBe(401);
      expect((await fromAnywhere(u.email, "p-3")).statusCode).toBe(401);
      expectLocked(await viaSecond(u.password));
    } finally {
      await second.close();
    }
  });
});
