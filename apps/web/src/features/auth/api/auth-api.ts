/**
 * The calls of spec §7 against our better-auth endpoints (/api/auth/*) and the reset-token check.
 * Same-origin fetches: the session is an HttpOnly cookie the browser sends by itself.
 */
import {
  RESET_TOKEN_STATUS_PATH,
  resetTokenStatusSchema,
  sessionUserSchema,
  type AuthUser,
  type ResetTokenStatus,
} from "@poleatlas/shared";
import { z } from "zod";

const AUTH = "/api/auth";

/** A refused call: the server's code and message (better-auth's or ours). */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "AuthApiError";
  }
}

const errorBody = z.object({ code: z.string().optional(), message: z.string().optional() });

async function call<T>(path: string, init: { method: "GET" | "POST"; body?: unknown }, schema: z.ZodType<T>) {
  const res = await fetch(path, {
    method: init.method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = errorBody.safeParse(data);
    const e = parsed.success ? parsed.data : {};
    throw new AuthApiError(
      res.status,
      e.code ?? `HTTP_${res.status}`,
      e.message || `${res.status} ${res.statusText}`,
    );
  }
  return schema.parse(data);
}

/** get-session answers `null` without a session. */
const sessionSchema = z.object({ user: sessionUserSchema }).nullable();

export async function fetchSessionUser(): Promise<AuthUser | null> {
  const session = await call(`${AUTH}/get-session`, { method: "GET" }, sessionSchema);
  return session ? { id: session.user.id, email: session.user.email } : null;
}

const userAnswer = z.object({ user: sessionUserSchema.nullable().optional() }).loose();

export async function signInWithPassword(email: string, password: string): Promise<AuthUser> {
  const res = await call(`${AUTH}/sign-in/email`, { method: "POST", body: { email, password } }, userAnswer);
  if (!res.user) throw new AuthApiError(500, "NO_USER", "Sign-in returned no user");
  return res.user;
}

/** better-auth wants a name; the product has none, so it stays empty. */
export async function signUpWithPassword(email: string, password: string): Promise<void> {
  await call(`${AUTH}/sign-up/email`, { method: "POST", body: { name: "", email, password } }, userAnswer);
}

export async function signOutSession(): Promise<void> {
  await call(`${AUTH}/sign-out`, { method: "POST", body: {} }, z.unknown());
}

/** The server builds the link from its PUBLIC_URL (<origin>/reset-password?token=…). */
export async function requestPasswordReset(email: string): Promise<void> {
  await call(`${AUTH}/request-password-reset`, { method: "POST", body: { email } }, z.unknown());
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await call(`${AUTH}/reset-password`, { method: "POST", body: { token, newPassword } }, z.unknown());
}

export async function fetchResetTokenStatus(token: string): Promise<ResetTokenStatus> {
  const url = `${RESET_TOKEN_STATUS_PATH}?token=${encodeURIComponent(token)}`;
  return (await call(url, { method: "GET" }, resetTokenStatusSchema)).status;
}
