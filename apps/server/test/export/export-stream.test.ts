/**
 * Export: a large export is streamed from a server-side cursor: the rows are fetched batch by
 * batch while the client reads, the live heap does not grow with the file, and a client that goes
 * away gives the connection back.
 */
import http from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { exportTexts } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/setup";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

const ROWS = 100_000;
const MB = 1024 * 1024;
let owner: SignedInUser;
let baseUrl: string;

// A full collection before each heap reading, so it counts what is alive, not garbage not yet
// collected.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** ROWS photos straight into the owner's workspace (as bench/api-scale.ts seeds them). */
async function seed(userId: string) {
  await t.db.database.pool.query(
    `INSERT INTO utility_pole_images
       (user_id, workspace_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata, notes)
     SELECT $1, $1, 'seed/' || i || '.jpg', 'seed/' || i || '.webp', 'pole-' || i || '.jpg',
            date '2020-01-01' + (i % 1500), 30 + (i % 1000) * 0.001, -120 + (i / 1000) * 0.001, 1000, '{}'::jsonb,
            'a note long enough to make every row a few hundred bytes, like real inspection notes are'
     FROM generate_series(1, $2::int) AS i`,
    [userId, ROWS],
  );
}

/** The app's connections whose last statement used the export's cursor (DECLARE or FETCH). */
async function cursorConnections(): Promise<{ state: string; query: string }[]> {
  const res = await t.db.database.pool.query<{ state: string; query: string }>(
    `SELECT state, query FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid()
       AND (query LIKE 'FETCH % FROM export_rows' OR query LIKE 'DECLARE export_rows %')`,
  );
  return res.rows;
}

/** Every pooled connection is back in the pool (none held by an export). */
const poolIdle = () => {
  const pool = t.db.database.pool;
  return pool.totalCount === pool.idleCount;
};

/** Polls until `check` holds (a condition, not a duration: the wait ends as soon as it does). */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition never held");
}

/** A GET on its own socket (no keep-alive), so the test decides when the client goes away. */
function get(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { agent: false, headers: { cookie: owner.cookie } }, resolve)
      .on("error", reject);
  });
}

// The server's own pool of 10: room for 4 exports at once, so one user's two leave others room.
const t = useTestApp({}, { poolMax: 10 });
beforeAll(async () => {
  owner = await createSignedInUser(t);
  await seed(owner.id);
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
}, 120_000);

describe("a large export", () => {
  it("streams every row through a cursor while the live heap stays small", async () => {
    const heapAtStart = liveHeap();
    const res = await get("/api/export?format=csv");
    expect(res.statusCode).toBe(200);
    let peak = 0;
    let bytes = 0;
    let lines = 0;
    let nextCheck = 4 * MB;
    let sawCursor = false;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines++;
      if (bytes >= nextCheck) {
        nextCheck += 4 * MB;
        peak = Math.max(peak, liveHeap() - heapAtStart);
        // Mid-file the server sits between FETCHes of its cursor, inside the export's transaction.
        const open = await cursorConnections();
        sawCursor ||= open.some((c) => c.query.startsWith("FETCH") && c.state === "idle in transaction");
      }
    }
    expect(lines).toBe(ROWS + 1);
    expect(bytes).toBeGreaterThan(20 * MB);
    // Rows built in memory would keep the whole file (and more) alive mid-way.
    expect(peak / MB).toBeLessThan(bytes / MB / 4);
    expect(sawCursor).toBe(true);
    await until(poolIdle);
  });

  it("gives its connection back when the client goes away mid-file", async () => {
    const res = await get("/api/export?format=geojson");
    const first = await new Promise<Buffer>((resolve) => res.once("data", resolve));
    expect(first.length).toBeGreaterThan(0);
    expect(await cursorConnections()).toHaveLength(1);
    res.destroy();
    await until(poolIdle);
    await until(async () => (await cursorConnections()).length === 0);
    // The pool still answers: nothing was left half-way in a transaction.
    const ok = await get("/api/export?format=csv&from=2020-01-01&to=2020-01-01");
    let text = "";
    for await (const chunk of ok as AsyncIterable<Buffer>) text += chunk.toString();
    // i % 1500 = 0 for i = 1500 … 99000: 66 photos, plus the header and the final CRLF.
    expect(text.split("\r\n")).toHaveLength(66 + 2);
  });

  it("lets one user stream two exports at once; a third is a 429 until one of them ends", async () => {
    const firstChunk = (res: http.IncomingMessage) => new Promise<Buffer>((r) => res.once("data", r));
    const [a, b] = [await get("/api/export?format=csv"), await get("/api/export?format=geojson")];
    await Promise.all([firstChunk(a), firstChunk(b)]); // both streaming, their readers slow
    const third = await t.app.inject({
      method: "GET",
      url: "/api/export?format=kml",
      headers: { cookie: owner.cookie },
    });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: "too_many_exports", message: exportTexts.tooMany(2) });
    // Someone else is not held back by this user's exports.
    const other = await t.app.inject({
      method: "GET",
      url: "/api/export?format=csv",
      headers: { cookie: (await createSignedInUser(t)).cookie },
    });
    expect(other.statusCode).toBe(200);
    a.destroy();
    await until(async () => (await cursorConnections()).length === 1);
    const again = await get("/api/export?format=csv&from=2020-01-01&to=2020-01-01");
    expect(again.statusCode).toBe(200);
    again.resume();
    b.destroy();
    await until(poolIdle);
  });

  it("a query that fails before the first byte is a 500, and its connection goes back", async () => {
    const pool = t.db.database.pool;
    // A schema the export's SQL no longer fits: the DECLARE fails.
    await pool.query("ALTER TABLE utility_poles RENAME COLUMN label TO label_gone");
    try {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/export?format=csv",
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers["content-disposition"]).toBeUndefined();
      await until(poolIdle);
    } finally {
      await pool.query("ALTER TABLE utility_poles RENAME COLUMN label_gone TO label");
    }
  });
});
