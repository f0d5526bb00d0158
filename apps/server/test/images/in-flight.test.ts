/**
 * Uploads in flight, over a real port: one user may have at most 4 at once (the 5th is a 429), and
 * their temp files together stay within the remaining quota. While they wait for storage, their
 * temp files sit in a 0700 folder with mode 0600.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MAX_UPLOADS_IN_FLIGHT, messages, STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import { makePhoto, padJpeg } from "@poleatlas/shared/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage } from "../../src/infra/storage/create-storage";
import type { Storage } from "../../src/infra/storage/storage";
import { useTestApp } from "../helpers/setup";
import { listFiles, tmpDir, uploadOverHttp } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";

let baseUrl: string;
/** Every storage put waits for this gate; `opened` lets them all through. */
let gate: { promise: Promise<void>; open: () => void };
let putsWaiting = 0;
const newGate = () => {
  let open = () => {};
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
};

gate = newGate();
const t = useTestApp(
  {},
  {
    storage: async (config) => {
      const real = await openStorage(config.storage);
      return {
        ...real,
        put: async (key, src, type) => {
          putsWaiting++;
          await gate.promise;
          putsWaiting--;
          return real.put(key, src, type);
        },
      } satisfies Storage;
    },
  },
);
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
// Registered after the app's: runs first, so no put still waits when it closes.
afterAll(() => {
  gate.open();
});

const until = async (cond: () => boolean | Promise<boolean>) => {
  while (!(await cond())) await new Promise((r) => setTimeout(r, 10));
};

const photos = (n: number, bytes?: number) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const photo = (await makePhoto({ color: { r: i * 40, g: 80, b: 20 } })).bytes;
      return bytes ? padJpeg(photo, bytes) : photo;
    }),
  );

describe("uploads in flight", () => {
  it("a 5th at once is a 429 too_many_uploads; another user is not affected", async () => {
    gate = newGate();
    const busy = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const files = await photos(MAX_UPLOADS_IN_FLIGHT + 1);
    const first = files
      .slice(0, MAX_UPLOADS_IN_FLIGHT)
      .map((b, i) => uploadOverHttp(baseUrl, busy.cookie, b, `p${i}.jpg`));
    // All four have received their files and wait for storage.
    await until(() => putsWaiting === MAX_UPLOADS_IN_FLIGHT);

    // Their temp files are private to the server's user.
    const tmp = tmpDir(t);
    expect((await stat(tmp)).mode & 0o777).toBe(0o700);
    const temps = await listFiles(tmp);
    expect(temps.length).toBeGreaterThanOrEqual(MAX_UPLOADS_IN_FLIGHT);
    for (const f of temps) expect((await stat(path.join(tmp, f))).mode & 0o777, f).toBe(0o600);

    const fifth = await uploadOverHttp(baseUrl, busy.cookie, files[MAX_UPLOADS_IN_FLIGHT]!, "p5.jpg");
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({
      code: "too_many_uploads",
      message: messages.tooManyUploads(MAX_UPLOADS_IN_FLIGHT),
    });

    // Another user's upload is received as usual (it reaches storage too).
    const others = uploadOverHttp(baseUrl, other.cookie, files[0]!, "other.jpg");
    await until(() => putsWaiting === MAX_UPLOADS_IN_FLIGHT + 1);
    gate.open();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual(Array(MAX_UPLOADS_IN_FLIGHT).fill(201));
    expect((await others).status).toBe(201);

    // Slots are given back: the next one goes through.
    const after = await uploadOverHttp(baseUrl, busy.cookie, files[MAX_UPLOADS_IN_FLIGHT]!, "p6.jpg");
    expect(after.status).toBe(201);
    expect(await listFiles(tmp)).toEqual([]);
  });

  it("parallel uploads together never write more temp bytes than the remaining quota", async () => {
    gate = newGate();
    const user = await createSignedInUser(t);
    // 6 MB left; two 4 MB photos together do not fit.
    const remaining = 6 * 1024 * 1024;
    await t.db.database.db.execute(sql`
      INSERT INTO utility_pole_images (user_id, storage_key, thumbnail_key, name, file_size, metadata)
      VALUES (${user.id}, 'filler/' || ${user.id}, 'filler-thumb/' || ${user.id}, 'filler.jpg',
              ${STORAGE_QUOTA_BYTES - remaining}, '{}'::jsonb)`);
    const [a, b] = await photos(2, 4 * 1024 * 1024);
    const uploads = [a!, b!].map((bytes, i) => uploadOverHttp(baseUrl, user.cookie, bytes, `big${i}.jpg`));
    // One is refused before it writes a byte (both files together would pass the quota).
    const outcome = await Promise.race([
      ...uploads.map(async (u) => (await u).status),
      until(() => putsWaiting >= 2).then(() => "both were received whole and reached storage"),
    ]);
    expect(outcome).toBe(413);
    gate.open();
    // Whose bytes crossed the line is a matter of timing: one or both are refused, never both stored.
    const statuses = (await Promise.all(uploads)).map((r) => r.status).sort();
    expect([
      [201, 413],
      [413, 413],
    ]).toContainEqual(statuses);
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});
