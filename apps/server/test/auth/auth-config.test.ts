/** Accounts settings: the generated secret, https cookies, trusted origins, and env validation. */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { ConfigError, loadConfig } from "../../src/config";
import { resolveAuthSecret } from "../../src/modules/auth/auth-secret";
import { buildTestApp, type TestApp } from "../helpers/app";
import { createSignedInUser, randomClientIp, signIn } from "../helpers/users";
import { useTestApp } from "../helpers/setup";

describe("auth secret", () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("is generated once into the data folder (0600) and reused", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-secret-"));
    const secretFile = path.join(dir, "nested", "auth-secret");
    const [a, b] = await Promise.all([resolveAuthSecret({ secretFile }), resolveAuthSecret({ secretFile })]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    expect(await resolveAuthSecret({ secretFile })).toBe(a);
    expect((await readFile(secretFile, "utf8")).trim()).toBe(a);
  });

  it("takes BETTER_AUTH_SECRET when set and writes nothing", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-secret-"));
    const secretFile = path.join(dir, "auth-secret");
    const secret = "s".repeat(40);
    expect(await resolveAuthSecret({ secret, secretFile })).toBe(secret);
    await expect(stat(secretFile)).rejects.toThrow();
  });
});

describe("sessions survive a restart with the generated secret", () => {
  const t = useTestApp();

  it("keeps DATA_DIR/auth-secret, so a restarted server accepts the same cookie", async () => {
    const u = await createSignedInUser(t);
    expect((await stat(path.join(t.dataDir, "auth-secret"))).mode & 0o777).toBe(0o600);
    const sessionOn = async (app: FastifyInstance) =>
      (
        await app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie: u.cookie } })
      ).json<unknown>();

    const base = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: t.dataDir };
    const restarted = await buildApp({ config: loadConfig(base), database: t.db.database });
    const otherSecret = await buildApp({
      config: loadConfig({ ...base, BETTER_AUTH_SECRET: "another-secret-".repeat(3) }),
      database: t.db.database,
    });
    try {
      expect(await sessionOn(restarted)).toMatchObject({ user: { id: u.id } });
      // The cookie is signed: the secret really is what keeps it valid.
      expect(await sessionOn(otherSecret)).toBeNull();
    } finally {
      await restarted.close();
      await otherSecret.close();
    }
  });
});

describe("https deployments", () => {
  let t: TestApp;
  const origin = "https://poleatlas.example";
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: origin, TRUSTED_ORIGINS: "https://admin.poleatlas.example/" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("marks the session cookie Secure, HttpOnly and SameSite=Lax", async () => {
    const u = await createSignedInUser(t, { origin });
    expect(u.cookie).toMatch(/^__Secure-poleatlas\.session_token=/);
    const res = await signIn(t, { email: u.email, password: u.password }, { origin });
    const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.includes("session_token")) ?? "";
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });

  it("accepts PUBLIC_URL and TRUSTED_ORIGINS as origins, and nothing else", async () => {
    const u = await createSignedInUser(t, { origin });
    const from = (o: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { origin: o, cookie: u.cookie },
        remoteAddress: randomClientIp(),
        payload: {},
      });
    expect((await from("https://evil.example")).statusCode).toBe(403);
    expect((await from("http://poleatlas.example")).statusCode).toBe(403);
    expect((await from("https://admin.poleatlas.example")).statusCode).toBe(200);
  });
});

describe("accounts configuration", () => {
  it("has safe defaults", () => {
    const c = loadConfig({}, "/srv/app");
    expect(c.auth).toMatchObject({
      secret: undefined,
      secretFile: path.resolve("/srv/app/data/auth-secret"),
      requireEmailVerification: true,
      // Outside production the other loopback names of the same port are the same server.
      trustedOrigins: ["http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080"],
      resetTokenTtlSeconds: 3600,
      rateLimit: { windowSeconds: 60, max: 10 },
      accountLock: { max: 10, windowSeconds: 900, lockSeconds: 900 },
    });
    expect(c.trustProxy).toBe(false);
    expect(c.mail).toMatchObject({ smtpUrl: undefined, outboxDir: path.resolve("/srv/app/data/mail") });
  });

  it("reads every accounts variable", () => {
    const c = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "https://maps.example/",
      TRUSTED_ORIGINS: "https://a.example, https://b.example/",
      REQUIRE_EMAIL_VERIFICATION: "false",
      RESET_TOKEN_TTL_SECONDS: "600",
      AUTH_RATE_LIMIT_MAX: "5",
      AUTH_RATE_LIMIT_WINDOW_SECONDS: "30",
      AUTH_ACCOUNT_LOCK_MAX: "4",
      AUTH_ACCOUNT_LOCK_WINDOW_SECONDS: "120",
      AUTH_ACCOUNT_LOCK_SECONDS: "300",
      BETTER_AUTH_SECRET: "x".repeat(32),
      SMTP_URL: "smtps://user:pw@mail.example:465",
      MAIL_FROM: "Maps <maps@example.com>",
      TRUST_PROXY: "true",
    });
    expect(c.auth.trustedOrigins).toEqual(["https://maps.example", "https://a.example", "https://b.example"]);
    expect(c.auth.requireEmailVerification).toBe(false);
    expect(c.auth.resetTokenTtlSeconds).toBe(600);
    expect(c.auth.rateLimit).toEqual({ windowSeconds: 30, max: 5 });
    expect(c.auth.accountLock).toEqual({ max: 4, windowSeconds: 120, lockSeconds: 300 });
    expect(c.auth.secret).toBe("x".repeat(32));
    expect(c.mail).toMatchObject({
      smtpUrl: "smtps://user:pw@mail.example:465",
      from: "Maps <maps@example.com>",
    });
    expect(c.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.1.0/24" }).trustProxy).toBe("10.0.0.1,10.0.1.0/24");
    const hops = loadConfig({ TRUST_PROXY: "2" }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops("x", 0), hops("x", 1), hops("x", 2)]).toEqual([true, true, false]);
  });

  it("lists bad accounts variables", () => {
    let caught: unknown;
    try {
      loadConfig({
        BETTER_AUTH_SECRET: "short",
        TRUSTED_ORIGINS: "not a url",
        TRUST_PROXY: "sometimes",
        RESET_TOKEN_TTL_SECONDS: "0",
        SMTP_URL: "http://mail",
        REQUIRE_EMAIL_VERIFICATION: "yes",
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join("\n");
    for (const name of [
      "BETTER_AUTH_SECRET",
      "TRUSTED_ORIGINS",
      "TRUST_PROXY",
      "RESET_TOKEN_TTL_SECONDS",
      "SMTP_URL",
      "REQUIRE_EMAIL_VERIFICATION",
    ]) {
      expect(problems).toContain(name);
    }
  });
});
