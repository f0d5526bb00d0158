/**
 * Rate limits on sign-in, sign-up and reset requests: counted in PostgreSQL (so two app processes
 * share them), keyed on the real client address, and deaf to a forged X-Forwarded-For.
 */
import { authTexts } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { buildTestApp, type TestApp } from "../helpers/app";
import { createSignedInUser, randomClientIp, signIn, signUp, TEST_ORIGIN } from "../helpers/users";
import { orgPost } from "../workspaces/support";
import { useTestApp } from "../helpers/setup";

const MAX = 3;
const limited = { AUTH_RATE_LIMIT_MAX: String(MAX), AUTH_RATE_LIMIT_WINDOW_SECONDS: "60" };

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: authTexts.tooManyAttempts(retryAfter) });
}

describe("auth rate limits (TRUST_PROXY unset)", () => {
  let t: TestApp;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    t = await buildTestApp(limited);
  });
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });
  afterAll(async () => {
    await t.close();
  });

  it("limits team creation and invitations per address (each invitation is a mail to someone)", async () => {
    const u = await createSignedInUser(t);
    const from = randomClientIp();
    const created = await orgPost(t, u, "create", { name: "Spam crew", slug: `spam-${Date.now()}` }, from);
    expect(created.statusCode, created.body).toBe(200);
    const organizationId = created.json<{ id: string }>().id;
    for (let i = 1; i < MAX; i++) {
      const res = await orgPost(t, u, "create", { name: `Crew ${i}`, slug: `c-${Date.now()}-${i}` }, from);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectTooMany(await orgPost(t, u, "create", { name: "One more", slug: `m-${Date.now()}` }, from));
    const invite = () =>
      orgPost(t, u, "invite-member", { email: "victim@example.test", role: "member", organizationId }, from);
    for (let i = 0; i < MAX; i++) expect((await invite()).statusCode).toBe(200);
    expectTooMany(await invite());
  });

  it("answers 429 after repeated failed sign-ins, and a forged X-Forwarded-For does not reset it", async () => {
    const u = await createSignedInUser(t);
    const attacker = randomClientIp();
    for (let i = 0; i < MAX; i++) {
      const res = await signIn(t, { email: u.email, password: `guess-${i}` }, { remoteAddress: attacker });
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await signIn(t, { email: u.email, password: "guess-x" }, { remoteAddress: attacker }));
    // Even the right password waits now: the limit is on attempts from this address.
    expectTooMany(await signIn(t, { email: u.email, password: u.password }, { remoteAddress: attacker }));
    for (const forged of ["203.0.113.7", "198.51.100.1, 203.0.113.9", randomClientIp()]) {
      expectTooMany(
        await signIn(
          t,
          { email: u.email, password: "guess-y" },
          { remoteAddress: attacker, headers: { "x-forwarded-for": forged, "x-real-ip": forged } },
        ),
      );
    }
    // Somebody else, from another address, is not affected.
    expect((await signIn(t, { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it("keeps the count in the database, shared by every server process", async () => {
    const u = await createSignedInUser(t);
    const ip = randomClientIp();
    // A second app process on the same database (its own Fastify, better-auth and pool users).
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: t.dataDir, ...limited });
    second = await buildApp({ config, database: t.db.database });
    await second.ready();
    const viaSecond = (password: string) =>
      second!.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_ORIGIN },
        remoteAddress: ip,
        payload: { email: u.email, password },
      });

    expect((await signIn(t, { email: u.email, password: "nope-1" }, { remoteAddress: ip })).statusCode).toBe(
      401,
    );
    expect((await viaSecond("nope-2")).statusCode).toBe(401);
    expect((await signIn(t, { email: u.email, password: "nope-3" }, { remoteAddress: ip })).statusCode).toBe(
      401,
    );
    expectTooMany(await viaSecond("nope-4"));
    const rows = await t.db.database.pool.query<{ key: string; count: number }>(
      `SELECT key, count FROM rate_limit WHERE key LIKE $1`,
      [`${ip}%`],
    );
    expect(rows.rows).toEqual([{ key: `${ip}|/sign-in/email`, count: MAX }]);
  });

  it("limits sign-ups and reset requests per address too", async () => {
    const ip = randomClientIp();
    for (let i = 0; i < MAX; i++) {
      const res = await signUp(
        t,
        { email: `flood-${i}-${ip}@example.test`, password: "secret-one-1" },
        { remoteAddress: ip },
      );
      expect(res.statusCode).toBe(200);
    }
    expectTooMany(
      await signUp(
        t,
        { email: `flood-x-${ip}@example.test`, password: "secret-one-1" },
        { remoteAddress: ip },
      ),
    );

    const resetIp = randomClientIp();
    const reset = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        headers: { origin: TEST_ORIGIN },
        remoteAddress: resetIp,
        payload: { email: "someone@example.test" },
      });
    for (let i = 0; i < MAX; i++) expect((await reset()).statusCode).toBe(200);
    expectTooMany(await reset());
  });

  it("does not count session reads", async () => {
    const u = await createSignedInUser(t);
    for (let i = 0; i < MAX * 3; i++) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/auth/get-session",
        headers: { cookie: u.cookie },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("auth rate limits behind a trusted proxy (TRUST_PROXY=127.0.0.1)", () => {
  const t = useTestApp({ ...limited, TRUST_PROXY: "127.0.0.1" });

  it("keys on the address the proxy reports, not the proxy's own", async () => {
    const u = await createSignedInUser(t);
    const viaProxy = (client: string, password: string) =>
      signIn(
        t,
        { email: u.email, password },
        { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": client } },
      );
    for (let i = 0; i < MAX; i++) expect((await viaProxy("192.0.2.10", `bad-${i}`)).statusCode).toBe(401);
    expectTooMany(await viaProxy("192.0.2.10", "bad-x"));
    // Another client behind the same proxy is a different key.
    expect((await viaProxy("192.0.2.11", u.password)).statusCode).toBe(200);
    // A client that reaches the app directly cannot claim to be someone else.
    const direct = randomClientIp();
    for (let i = 0; i < MAX; i++) {
      const res = await signIn(
        t,
        { email: u.email, password: `d-${i}` },
        { remoteAddress: direct, headers: { "x-forwarded-for": `192.0.2.${100 + i}` } },
      );
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(
      await signIn(
        t,
        { email: u.email, password: "d-x" },
        { remoteAddress: direct, headers: { "x-forwarded-for": "192.0.2.200" } },
      ),
    );
  });
});
