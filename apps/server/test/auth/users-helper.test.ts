import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../helpers/users";
import { useTestApp } from "../helpers/setup";

describe("createSignedInUser", () => {
  const t = useTestApp();

  it("returns a cookie that get-session accepts", async () => {
    const u = await createSignedInUser(t);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: u.id, email: u.email } });
    expect(u.cookie).toMatch(/^poleatlas\.session_token=/);
  });
});
