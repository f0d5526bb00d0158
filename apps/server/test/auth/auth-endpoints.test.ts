/**
 * The rate_limit table stays bounded: made-up /api/auth/* paths are 404s that never reach
 * better-auth (whose limiter writes a row per address and path), and expired rows are pruned.
 */
import { describe, expect, it } from "vitest";
import { rateLimit } from "../../src/infra/db/schema";
import { buildTestApp } from "../helpers/app";
import { createSignedInUser, randomClientIp, TEST_ORIGIN } from "../helpers/users";
import { useTestApp } from "../helpers/setup";

const t = useTestApp({ AUTH_RATE_LIMIT_WINDOW_SECONDS: "60" });

async function rateLimitKeys(prefix: string): Promise<string[]> {
  const res = await t.db.database.pool.query<{ key: string }>(
    `SELECT key FROM rate_limit WHERE key LIKE $1 ORDER BY key`,
    [`${prefix}%`],
  );
  return res.rows.map((r) => r.key);
}

describe("/api/auth/* beyond the endpoints we use", () => {
  it("answers 404 and writes no rate-limit row, however long the path", async () => {
    const ip = randomClientIp();
    for (const [method, url] of [
      ["GET", "/api/auth/no-such-endpoint"],
      ["POST", "/api/auth/no-such-endpoint"],
      ["GET", `/api/auth/${"x".repeat(16_000)}`],
      ["POST", "/api/auth/sign-in/email/extra"],
      ["GET", "/api/auth/ok"],
      ["POST", "/api/auth/change-password"],
      ["GET", "/api/auth/reset-password/not.a.token"],
      ["GET", "/api/auth/"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN },
        remoteAddress: ip,
        ...(method === "POST" ? { payload: {} } : {}),
      });
      expect(res.statusCode, url.slice(0, 60)).toBe(404);
      expect(res.json<{ code: string }>().code).toBe("not_found");
    }
    expect(await rateLimitKeys(ip)).toEqual([]);
  });

  it("still forwards the endpoints the product calls", async () => {
    const user = await createSignedInUser(t);
    const session = await t.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: user.cookie },
    });
    expect(session.json<{ user: { id: string } }>().user.id).toBe(user.id);
    // better-auth's own reset link: unknown token → redirect with an error, not our 404.
    const link = await t.app.inject({
      method: "GET",
      url: `/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=${encodeURIComponent("/reset-password")}`,
    });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toMatch(/error=INVALID_TOKEN/);
    const verify = await t.app.inject({ method: "GET", url: "/api/auth/verify-email?token=nope" });
    expect(verify.statusCode).not.toBe(404);
    const resend = await t.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      headers: { origin: TEST_ORIGIN },
      remoteAddress: randomClientIp(),
      payload: { email: "nobody@example.test" },
    });
    expect(resend.statusCode).not.toBe(404);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
  });
});

describe("rate_limit pruning", () => {
  it("deletes rows older than the longest window on an auth request, at most once an hour", async () => {
    // A fresh app: its pruner has not run yet.
    const fresh = await buildTestApp({ AUTH_RATE_LIMIT_WINDOW_SECONDS: "120" });
    try {
      const now = Date.now();
      const row = (key: string, ageSeconds: number) => ({
        id: key,
        key,
        count: 1,
        lastRequest: now - ageSeconds * 1000,
      });
      await fresh.db.database.db
        .insert(rateLimit)
        .values([row("old|/sign-in/email", 3600), row("recent|/sign-in/email", 100)]);
      const keys = async () =>
        (await fresh.db.database.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key).sort();

      const ask = () => fresh.app.inject({ method: "GET", url: "/api/auth/get-session" });
      expect((await ask()).statusCode).toBe(200);
      // 100 s is inside the 120 s window: kept; an hour old: gone.
      expect(await keys()).toEqual(["recent|/sign-in/email"]);

      // Within the hour the next request does not prune again.
      await fresh.db.database.db.insert(rateLimit).values(row("old-2|/sign-in/email", 3600));
      expect((await ask()).statusCode).toBe(200);
      expect(await keys()).toEqual(["old-2|/sign-in/email", "recent|/sign-in/email"]);
    } finally {
      await fresh.close();
    }
  });
});
