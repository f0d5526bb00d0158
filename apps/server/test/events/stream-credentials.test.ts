/**
 * A live-update stream is one call that lasts: it holds only while the credential that opened it
 * does. An API key follows its own workspace and no other of its user's; a stream ends soon after
 * its key is revoked or its session signs out, expires or dies with a password change; a stream
 * the caller may not read is refused before it opens; and one user holds only so many at once.
 */
import path from "node:path";
import { EVENTS_CREDENTIAL_CHECK_MS, MAX_EVENT_STREAMS_PER_USER, messages } from "@poleatlas/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createKey, withKey } from "../api-keys/support";
import { readOutbox, waitForOutboxMail } from "../auth/mail-helpers";
import { openEventStream, waitForStreams, type OpenStream } from "../helpers/event-stream";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { createSignedInUser, randomClientIp, TEST_ORIGIN } from "../helpers/users";
import { createTeam, setActive } from "../workspaces/support";

/** Short, so each ending below is seen in well under a second. */
const CHECK_MS = 150;
const t = useTestApp({}, { eventsCredentialCheckMs: CHECK_MS });
const owner = useSignedInUser(t);

let url = "";
let team = "";
let otherTeam = "";
beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  otherTeam = await createTeam(t, owner, "Substation crew");
  team = await createTeam(t, owner, "Line crew east");
  await setActive(t, owner, team);
});

const post = (route: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: route,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: randomClientIp(),
    payload,
  });

/** Ends within a few checks, or the test fails on the stream still being open. */
async function endsSoon(stream: OpenStream): Promise<void> {
  const open = await Promise.race([
    stream.ended.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), CHECK_MS * 20)),
  ]);
  stream.close();
  expect(open, "the stream was still open").toBe(false);
}

describe("an API key's live events", () => {
  it("follows the key's own workspace, and no other workspace of its user", async () => {
    const { key } = await createKey(t, owner, "read");
    const own = await openEventStream(url, "", { headers: withKey(key) });
    expect(own.status).toBe(200);
    own.close();
    const named = await openEventStream(url, "", { workspace: team, headers: withKey(key) });
    expect(named.status).toBe(200);
    named.close();

    for (const workspace of [owner.id, otherTeam]) {
      const refused = await openEventStream(url, "", { workspace, headers: withKey(key) });
      expect(refused.status, workspace).toBe(403);
      expect(refused.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(await refused.body)).toMatchObject({ message: messages.notAMember });
    }
    // The same user's session may follow either.
    const bySession = await openEventStream(url, owner.cookie, { workspace: otherTeam });
    expect(bySession.status).toBe(200);
    bySession.close();
    await waitForStreams(() => t.app.liveEvents.openCount, 0);
  });
});

describe("a stream outliving its credential", () => {
  it("checks often enough to end within 10 seconds by default", () => {
    expect(EVENTS_CREDENTIAL_CHECK_MS).toBeLessThanOrEqual(10_000);
  });

  it("ends once its key is revoked", async () => {
    const { id, key } = await createKey(t, owner, "read");
    const stream = await openEventStream(url, "", { headers: withKey(key) });
    expect(stream.status).toBe(200);
    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/keys/${id}`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(revoked.statusCode).toBe(204);
    await endsSoon(stream);
  });

  it("keeps a stream whose key still holds", async () => {
    const { key } = await createKey(t, owner, "read");
    const stream = await openEventStream(url, "", { headers: withKey(key) });
    expect(stream.status).toBe(200);
    await new Promise((r) => setTimeout(r, CHECK_MS * 5));
    expect(t.app.liveEvents.openCount).toBe(1);
    stream.close();
    await waitForStreams(() => t.app.liveEvents.openCount, 0);
  });

  it("ends once its session signs out", async () => {
    const user = await createSignedInUser(t);
    const stream = await openEventStream(url, user.cookie);
    expect(stream.status).toBe(200);
    expect((await post("/api/auth/sign-out", {}, user.cookie)).statusCode).toBe(200);
    await endsSoon(stream);
  });

  it("ends once its session expires", async () => {
    const user = await createSignedInUser(t);
    const stream = await openEventStream(url, user.cookie);
    expect(stream.status).toBe(200);
    await t.db.database.db.execute(
      sql`UPDATE session SET expires_at = now() - interval '1 minute' WHERE user_id = ${user.id}`,
    );
    await endsSoon(stream);
  });

  it("ends once its user's password changes", async () => {
    const user = await createSignedInUser(t);
    const stream = await openEventStream(url, user.cookie);
    expect(stream.status).toBe(200);
    const outbox = path.join(t.dataDir, "mail");
    expect((await post("/api/auth/request-password-reset", { email: user.email })).statusCode).toBe(200);
    const mail = await waitForOutboxMail(outbox, user.email, "Reset your PoleAtlas password");
    const token = new URL(mail.links[0] ?? "").searchParams.get("token") ?? "";
    const reset = await post("/api/auth/reset-password", { token, newPassword: "a-new-passphrase-9" });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await readOutbox(outbox)).not.toHaveLength(0);
    await endsSoon(stream);
  });
});

describe("streams per user", () => {
  it(`holds ${MAX_EVENT_STREAMS_PER_USER} streams of one user, then answers 429`, async () => {
    const user = await createSignedInUser(t);
    const streams: OpenStream[] = [];
    try {
      for (let i = 0; i < MAX_EVENT_STREAMS_PER_USER; i++) {
        const s = await openEventStream(url, user.cookie);
        streams.push(s);
        expect(s.status).toBe(200);
      }
      const over = await openEventStream(url, user.cookie);
      expect(over.status).toBe(429);
      expect(JSON.parse(await over.body)).toMatchObject({
        code: "too_many_event_streams",
        message: messages.tooManyEventStreams(MAX_EVENT_STREAMS_PER_USER),
      });
      // Someone else is not held back by it.
      const other = await openEventStream(url, owner.cookie);
      expect(other.status).toBe(200);
      other.close();
      // One closed, one more may open.
      streams.shift()?.close();
      await waitForStreams(() => t.app.liveEvents.openCount, MAX_EVENT_STREAMS_PER_USER - 1);
      const again = await openEventStream(url, user.cookie);
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      for (const s of streams) s.close();
    }
    await waitForStreams(() => t.app.liveEvents.openCount, 0);
  });
});
