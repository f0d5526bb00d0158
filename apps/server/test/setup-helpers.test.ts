/** useTestApp and useSignedInUser: one line of set-up each, usable from the first test on. */
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "./helpers/setup";

const t = useTestApp();
const user = useSignedInUser(t);

// Read at import time, before any hook ran.
let earlyRead: unknown;
try {
  void t.app;
} catch (err) {
  earlyRead = err;
}

describe("the shared test set-up", () => {
  it("refuses to be read before its hooks have run", () => {
    expect(String(earlyRead)).toMatch(/useTestApp\(\) is set up in beforeAll/);
  });

  it("gives the file's app and a signed-in user of it", async () => {
    expect(user.email).toMatch(/@example\.test$/);
    expect({ ...user }).toMatchObject({ id: user.id, cookie: user.cookie });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/storage/usage",
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/storage/usage" });
    expect(anonymous.statusCode).toBe(401);
  });
});
