/**
 * A newcomer may open the app as http://127.0.0.1:8080 or http://[::1]:8080 as well as
 * http://localhost:8080: outside production all three are trusted, so sign-up works from each.
 * Production trusts only PUBLIC_URL (and TRUSTED_ORIGINS).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUp } from "../helpers/users";
import { useTestApp } from "../helpers/setup";

const freshEmail = () => `loopback-${randomUUID()}@example.test`;

describe("loopback origins outside production", () => {
  const t = useTestApp({ NODE_ENV: "development", PORT: "8080" });

  it("lets a browser on 127.0.0.1, [::1] or localhost at the same port sign up", async () => {
    for (const origin of ["http://127.0.0.1:8080", "http://[::1]:8080", "http://localhost:8080"]) {
      const res = await signUp(t, { email: freshEmail(), password: "secret-one-1" }, { origin });
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
    }
  });

  it("still refuses another port on the same host", async () => {
    const res = await signUp(
      t,
      { email: freshEmail(), password: "secret-one-1" },
      { origin: "http://127.0.0.1:5173" },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("loopback origins in production", () => {
  const t = useTestApp({ NODE_ENV: "production", PORT: "8080" });

  it("trusts PUBLIC_URL only", async () => {
    const ok = await signUp(
      t,
      { email: freshEmail(), password: "secret-one-1" },
      { origin: "http://localhost:8080" },
    );
    expect(ok.statusCode).toBe(200);
    const res = await signUp(
      t,
      { email: freshEmail(), password: "secret-one-1" },
      { origin: "http://127.0.0.1:8080" },
    );
    expect(res.statusCode).toBe(403);
  });
});
