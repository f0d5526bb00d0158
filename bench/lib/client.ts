/** A signed-in HTTP client for a running server (fetch with the session cookie). */
import { randomUUID } from "node:crypto";

export interface Client {
  userId: string;
  cookie: string;
  get(path: string): Promise<Response>;
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c.includes("=") && !c.endsWith("="))
    .join("; ");
}

/** Needs a server started with REQUIRE_EMAIL_VERIFICATION=false (the bench servers are). */
export async function signedInClient(baseUrl: string): Promise<Client> {
  const email = `bench-${randomUUID()}@example.test`;
  const password = `pw-${randomUUID()}`;
  const headers = { "content-type": "application/json", origin: baseUrl };
  const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "" }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const inRes = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!inRes.ok) throw new Error(`sign-in failed: ${inRes.status} ${await inRes.text()}`);
  const { user } = (await inRes.json()) as { user: { id: string } };
  const cookie = cookiesOf(inRes);
  return {
    userId: user.id,
    cookie,
    get: (path) => fetch(`${baseUrl}${path}`, { headers: { cookie } }),
  };
}

/** Switches face blurring off for new photos in the client's workspace (the privacy setting). */
export async function switchBlurringOff(baseUrl: string, cookie: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/workspace/settings`, {
    method: "PUT",
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ blurFaces: false }),
  });
  if (!res.ok) throw new Error(`could not switch blurring off: ${res.status} ${await res.text()}`);
}

/** Settings that keep the benchmark's own sign-ups out of the auth rate limit and mail flow. */
export const benchServerEnv = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  AUTH_RATE_LIMIT_MAX: "100000",
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
