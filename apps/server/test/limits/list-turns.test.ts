/**
 * A user's list calls take turns (one at a time per user, a bounded number across users). On a
 * real listening server, with clients that go away at every stage, the turn comes back however
 * the request ends, and every later call of the same user is answered.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { getWithin, openRequest, sendAndVanish } from "../helpers/raw-http";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

const t = useTestApp();
let baseUrl: string;

const turns = (user: SignedInUser) => t.app.requestLimits.lists.stats(user.id);

/** A later list call answers 200 (well within the bound; a lost turn never answers at all). */
async function answers(user: SignedInUser, path = "/api/images?limit=5") {
  const res = await getWithin(baseUrl, path, user.cookie, 5000);
  expect(res === "timeout" ? "no answer" : res.status).toBe(200);
}

/** Polls until `check` holds (a condition, not a duration). */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition never held");
}

/**
 * Holds the photos table until `release()`: every list query waits, the turns stay taken. On its
 * own connection, so the app's pool is all the app's.
 */
async function lockPhotos(): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  await client.query("BEGIN");
  await client.query("LOCK TABLE utility_pole_images IN ACCESS EXCLUSIVE MODE");
  return {
    release: async () => {
      await client.query("ROLLBACK");
      await client.end();
    },
  };
}

let observer: pg.Client;

/** List queries of the app now waiting on a lock. */
async function listQueriesWaiting(): Promise<number> {
  const res = await observer.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%utility_pole_images%'`,
  );
  return res.rows[0]?.n ?? 0;
}

beforeAll(async () => {
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  observer = new pg.Client({ connectionString: t.db.url });
  await observer.connect();
});
afterAll(async () => {
  await observer?.end();
});

describe("list turns when the client goes away", () => {
  it.each([0, 1, 3, 10])(
    "a list call dropped %i ms after it was sent does not hang the next ones",
    async (afterMs) => {
      const user = await createSignedInUser(t);
      await sendAndVanish(baseUrl, { path: "/api/images?limit=1000", cookie: user.cookie }, afterMs);
      for (let i = 0; i < 3; i++) await answers(user);
      await until(() => turns(user).mine === 0);
    },
  );

  it("answered and failed calls give their turn back", async () => {
    const user = await createSignedInUser(t);
    await answers(user);
    // A cursor the service refuses after the turn was taken: a 400.
    const bad = await getWithin(baseUrl, "/api/images?cursor=not-a-cursor", user.cookie, 5000);
    expect(bad !== "timeout" && bad.status).toBe(400);
    // A query that fails: a 500.
    const pool = t.db.database.pool;
    await pool.query("ALTER TABLE utility_pole_images RENAME COLUMN notes TO notes_gone");
    try {
      const failed = await getWithin(baseUrl, "/api/images", user.cookie, 5000);
      expect(failed !== "timeout" && failed.status).toBe(500);
    } finally {
      await pool.query("ALTER TABLE utility_pole_images RENAME COLUMN notes_gone TO notes");
    }
    await until(() => turns(user).mine === 0 && turns(user).all === 0);
    await answers(user);
  });

  it("a call dropped while its query runs gives its turn back when the query ends", async () => {
    const user = await createSignedInUser(t);
    const lock = await lockPhotos();
    try {
      const socket = await openRequest(baseUrl, { path: "/api/images", cookie: user.cookie });
      await until(async () => (await listQueriesWaiting()) === 1);
      expect(turns(user).mine).toBe(1);
      socket.destroy();
    } finally {
      await lock.release();
    }
    await until(() => turns(user).mine === 0);
    await answers(user);
  });

  it("a call dropped while it waits behind a slow one leaves the queue; the ones after are answered", async () => {
    const user = await createSignedInUser(t);
    const lock = await lockPhotos();
    const slow = getWithin(baseUrl, "/api/images", user.cookie, 10_000);
    try {
      await until(async () => (await listQueriesWaiting()) === 1);
      const queued = await openRequest(baseUrl, { path: "/api/images", cookie: user.cookie });
      await until(() => turns(user).mineWaiting === 1);
      queued.destroy();
      // It left the queue at once, before the slow call ended.
      await until(() => turns(user).mineWaiting === 0);
      expect(turns(user).mine).toBe(1);
    } finally {
      await lock.release();
    }
    expect(await slow).toMatchObject({ status: 200 });
    await answers(user);
    await until(() => turns(user).mine === 0);
  });

  it("bounds the list calls of all users together; the next user's call waits its turn", async () => {
    const total = t.app.requestLimits.lists.totalLimit;
    const users = await Promise.all(Array.from({ length: total + 1 }, () => createSignedInUser(t)));
    const last = users[total]!;
    const lock = await lockPhotos();
    const calls: Promise<unknown>[] = [];
    try {
      for (const user of users) calls.push(getWithin(baseUrl, "/api/images", user.cookie, 10_000));
      // `total` queries wait on the lock; the last user's call waits for a turn, not the database.
      await until(async () => (await listQueriesWaiting()) === total);
      await until(() => turns(last).allWaiting === 1);
      expect(turns(last).all).toBe(total);
      expect(turns(last).mine).toBe(1);
    } finally {
      await lock.release();
    }
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 200 });
    await until(() => turns(users[0]!).all === 0);
  });

  it("a phone that drops a hundred calls mid-flight still gets every later answer", async () => {
    const user = await createSignedInUser(t);
    const drops = Array.from({ length: 100 }, (_, i) =>
      sendAndVanish(
        baseUrl,
        { path: i % 2 ? "/api/images?limit=1000" : "/api/images?unplaced=true", cookie: user.cookie },
        i % 20, // 0–19 ms: before the session check, in the queue, during the query, while answering
      ),
    );
    await Promise.all(drops);
    for (let i = 0; i < 10; i++) await answers(user);
    await until(() => turns(user).mine === 0 && turns(user).mineWaiting === 0);
    expect(t.app.requestLimits.watch.count("lists per user")).toBe(0);
  });
});
