/**
 * The request log keeps no credential: a key sent in the query string (refused, but still a
 * request), the dev mailbox's key and the tokens of reset and confirmation links are replaced in
 * every logged URL, while the path and the other parameters stay readable.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { TEST_MAILBOX_KEY } from "./helpers/app";
import { useSignedInUser, useTestApp } from "./helpers/setup";
import { createKey } from "./api-keys/support";

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    done();
  },
});
const t = useTestApp({}, { logger: { level: "info", stream } });
const user = useSignedInUser(t);

describe("the request log", () => {
  it("replaces every credential in a logged URL", async () => {
    const { key } = await createKey(t, user, "read");
    const token = "AbCdEfGhIjKlMnOpQrStUvWx";
    const urls = [
      `/api/images?api_key=${key}&limit=5`,
      `/api/images?apiKey=${encodeURIComponent(key)}`,
      `/ogc/collections/poles/items?key=${key}&bbox=1,2,3,4`,
      `/dev/mail?key=${TEST_MAILBOX_KEY}`,
      `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
      `/api/auth/verify-email?token=${token}&callbackURL=%2F`,
      `/api/auth/reset-token-status?token=${token}`,
      `/api/images?access_token=${token}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // Every line of a request (the start-up line printing the dev mailbox's address is meant).
    const logged = lines.filter((l) => l.includes('"reqId"')).join("\n");
    for (const secret of [key, encodeURIComponent(key), TEST_MAILBOX_KEY, token]) {
      expect(logged).not.toContain(secret);
    }
    const requestUrls = lines
      .map((l) => JSON.parse(l) as { req?: { url?: string } })
      .flatMap((l) => (l.req?.url ? [l.req.url] : []));
    expect(requestUrls).toEqual(
      expect.arrayContaining([
        "/api/images?api_key=[redacted]&limit=5",
        "/ogc/collections/poles/items?key=[redacted]&bbox=1,2,3,4",
        "/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password",
        "/api/auth/verify-email?token=[redacted]&callbackURL=%2F",
      ]),
    );
  });
});
