/** The seam other modules use (RequireUser), and the REQUIRE_EMAIL_VERIFICATION switch. */
import path from "node:path";
import { messages } from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { AppError } from "../../src/errors";
import { createMailer } from "../../src/infra/mail/create-mailer";
import type { Mailer } from "../../src/infra/mail/mailer";
import { createAuthModule, type AuthModule } from "../../src/modules/auth/auth-module";
import { buildTestApp, type TestApp } from "../helpers/app";
import { createSignedInUser, signIn, signUp, TEST_ORIGIN } from "../helpers/users";
import { waitForOutboxMail } from "./mail-helpers";
import { useTestApp } from "../helpers/setup";

const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as FastifyRequest;

async function expect401(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ statusCode: 401, code: "unauthorized", message: messages.notAuthenticated });
}

describe("requireUser", () => {
  let t: TestApp;
  let mod: AuthModule;
  let mailer: Mailer;
  beforeAll(async () => {
    t = await buildTestApp();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: t.dataDir });
    mailer = createMailer(config.mail, { info() {}, warn() {}, error() {} });
    mod = await createAuthModule({
      config,
      database: t.db.database,
      mailer,
      log: t.app.log,
      teamAudit: () => Promise.resolve(),
    });
  });
  afterAll(async () => {
    await mailer.close();
    await t.close();
  });

  it("returns the caller for a live session cookie", async () => {
    const u = await createSignedInUser(t);
    await expect(mod.requireUser(request(u.cookie))).resolves.toEqual({
      id: u.id,
      email: u.email,
      activeOrganizationId: null,
    });
  });

  it("throws 401 'User not authenticated' without a cookie, with a forged one, and after sign-out", async () => {
    await expect401(mod.requireUser(request()));
    await expect401(mod.requireUser(request("poleatlas.session_token=forged.value")));
    const u = await createSignedInUser(t);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: u.cookie, origin: TEST_ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await expect401(mod.requireUser(request(u.cookie)));
  });
});

describe("REQUIRE_EMAIL_VERIFICATION=false", () => {
  const t = useTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" });

  it("lets an unconfirmed user sign in, and still mails a confirmation link", async () => {
    const email = "relaxed@example.test";
    const up = await signUp(t, { email, password: "secret-one-1" });
    expect(up.statusCode).toBe(200);
    // Sign-up itself never signs in (the spec signs in by hand afterwards).
    expect(String(up.headers["set-cookie"] ?? "")).not.toMatch(/session_token=[^;]/);
    const res = await signIn(t, { email, password: "secret-one-1" });
    expect(res.statusCode).toBe(200);
    await waitForOutboxMail(path.join(t.dataDir, "mail"), email, "Confirm");
  });
});
