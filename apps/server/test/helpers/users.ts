/**
 * Signed-in users for API tests. Sign-up and sign-in go through the real better-auth endpoints;
 * only the e-mail confirmation is shortcut by setting the verified flag in the database (the
 * confirmation link itself is covered by test/auth/). Each user gets its own client address, so
 * the sign-in rate limit of one test never trips another's.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { user as userTable } from "../../src/infra/db/schema";
import type { TestApp } from "./app";

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  /** The value for a `cookie` header in `app.inject`. */
  cookie: string;
}

/**
 * The Origin better-auth expects on POSTs (its CSRF check): the test app's PUBLIC_URL, which is
 * the default unless a test sets PUBLIC_URL (then it passes `origin` itself).
 */
export const TEST_ORIGIN = "http://localhost:8080";

/** A fresh 10.x.y.z address: a different client as far as rate limits go. */
export const randomClientIp = () => `10.${[...randomBytes(3)].join(".")}`;

/** "a=1; Path=/; HttpOnly", "b=2; …" → "a=1; b=2" */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

export interface ClientOptions {
  remoteAddress?: string;
  origin?: string;
  headers?: Record<string, string>;
}

export async function signUp(
  t: TestApp,
  body: { email: string; password: string },
  opts: ClientOptions = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: opts.origin ?? TEST_ORIGIN, ...opts.headers },
    remoteAddress: opts.remoteAddress ?? randomClientIp(),
    payload: { name: "", ...body },
  });
}

export async function signIn(
  t: TestApp,
  body: { email: string; password: string },
  opts: ClientOptions = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: opts.origin ?? TEST_ORIGIN, ...opts.headers },
    remoteAddress: opts.remoteAddress ?? randomClientIp(),
    payload: body,
  });
}

export async function createSignedInUser(
  t: TestApp,
  overrides: { email?: string; password?: string; origin?: string } = {},
): Promise<SignedInUser> {
  const email = overrides.email ?? `user-${randomUUID()}@example.test`;
  const password = overrides.password ?? `pw-${randomUUID()}`;
  const client = { remoteAddress: randomClientIp(), origin: overrides.origin };
  const up = await signUp(t, { email, password }, client);
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
  await t.db.database.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));
  const res = await signIn(t, { email, password }, client);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieHeader(res.headers["set-cookie"]);
  const { user } = res.json<{ user: { id: string } }>();
  return { id: user.id, email, password, cookie };
}
