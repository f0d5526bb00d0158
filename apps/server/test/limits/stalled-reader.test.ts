/**
 * A phone that stops reading a list answer mid-way (its network gone, no reset) does not keep
 * its list turn until the connection's idle timeout: once nothing has moved for
 * READER_STALL_SECONDS the answer is ended, and the user's next calls are answered.
 */
import { IMAGE_PAGE_LIMIT, MAX_NOTES_LENGTH } from "@poleatlas/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { getWithin, stalledReader, statusOf } from "../helpers/raw-http";

const t = useTestApp({ READER_STALL_SECONDS: "1" });
const user = useSignedInUser(t);
let baseUrl: string;

/**
 * A full page of photos with the longest notes, in a three-byte character: a page of about 7 MB,
 * more than a reader that stops reading takes into its socket buffers (about 4 MB here).
 */
async function seedLongNotes(userId: string) {
  await t.db.database.pool.query(
    `INSERT INTO utility_pole_images
       (user_id, workspace_id, storage_key, thumbnail_key, name, date, latitude, longitude, file_size, metadata, notes)
     SELECT $1, $1, 'seed/' || i || '.jpg', 'seed/' || i || '.webp', 'pole-' || i || '.jpg',
            date '2020-01-01' + i, 52 + i * 0.0001, 13, 1000,
            jsonb_build_object('latitude', 52 + i * 0.0001, 'longitude', 13, 'timestamp', '2020-01-01T00:00:00Z',
                               'filename', 'pole-' || i || '.jpg', 'fileSize', 1000, 'fileType', 'image/jpeg',
                               'lastModified', null),
            repeat('€', $3::int)
     FROM generate_series(1, $2::int) AS i`,
    [userId, IMAGE_PAGE_LIMIT, MAX_NOTES_LENGTH],
  );
}

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition never held");
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  await seedLongNotes(user.id);
});

describe("a list answer nobody reads", () => {
  it("is ended after READER_STALL_SECONDS, and the user's turn comes back", async () => {
    const socket = await stalledReader(baseUrl, { path: "/api/images", cookie: user.cookie });
    try {
      await until(() => t.app.requestLimits.lists.stats(user.id).mine === 1, 10_000);
      // The connection's idle timeout is two minutes; the stall limit is one second.
      await until(() => t.app.requestLimits.lists.stats(user.id).mine === 0, 15_000);
      // It was cut off: reading on now gets the start of the page, then the connection ends.
      let bytes = 0;
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.on("data", (c: Buffer) => (bytes += c.length));
      socket.resume();
      await closed;
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(6_000_000);
      const next = await getWithin(baseUrl, "/api/images?limit=1", user.cookie, 5000);
      expect(next !== "timeout" && next.status).toBe(200);
    } finally {
      socket.destroy();
    }
  });

  it("a slow reader that keeps reading gets the whole page", async () => {
    const socket = await stalledReader(baseUrl, { path: "/api/images", cookie: user.cookie });
    expect(await statusOf(socket)).toBe(200);
    let bytes = 0;
    socket.on("data", (c: Buffer) => (bytes += c.length));
    const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    // 256 KB every half second: slower than the stall limit would allow if progress were ignored.
    const reading = setInterval(() => {
      socket.resume();
      setTimeout(() => socket.pause(), 5);
    }, 500);
    await ended;
    clearInterval(reading);
    expect(bytes).toBeGreaterThan(6_000_000);
  }, 60_000);
});
